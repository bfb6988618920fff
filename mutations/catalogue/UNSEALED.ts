import { Node } from 'ts-morph';
import { MutantEditError, fn, replace } from '../edit.ts';
import { defineMutant } from '../spec.ts';

export default defineMutant({
  id: 'UNSEALED',
  arm: 'all',
  rules: ['NOTICE-SEALED'],
  breaks: 'sealPrefix(): every notice and the persona use one fixed prefix instead of the instance seal',
  wild: 'fixed "[shim] …" framing that any file can imitate, so content can speak in the shim\'s voice',
  lieClasses: ['notice-imitation'],
  edit(t) {
    const prefix = fn(t.file('reference/notices.ts'), 'sealPrefix');
    const [ret, ...more] = prefix.getStatements();
    if (ret === undefined || more.length > 0 || !Node.isReturnStatement(ret))
      throw new MutantEditError('sealPrefix is not a single return statement');
    replace(ret, "return '[readshim notice]';");
  },
});
