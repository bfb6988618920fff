import { Node } from 'ts-morph';
import { MutantEditError, ifReading, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';
import { shimMethod } from '../targets.ts';

export default defineMutant({
  id: 'OFF-WRAPS',
  arm: 'off',
  rules: ['OFF-IDENTITY'],
  breaks: 'wrapRead: the off arm returns a pass-through copy of the tool instead of the tool itself',
  wild: 'an "off" switch that still wraps: the tool is no longer the host\'s object (identity checks, hooks, spies break)',
  edit(t) {
    const wrap = shimMethod(t, 'wrapRead');
    const off = ifReading(wrap, 'arm', 'on').getThenStatement();
    if (!Node.isReturnStatement(off)) throw new MutantEditError("the off arm's branch is not a return");
    const tool = off.getExpressionOrThrow().getText();
    replace(off, `return { ...${tool}, execute: (...a: unknown[]) => ${tool}.execute(...(a as [unknown])) } as T;`);
  },
});
