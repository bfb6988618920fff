/** The registry of wires: every API the model server speaks, and what holds for each of them. */
import { describe, expect, it } from 'vitest';
import { profileProblem } from '../../../../../src/adapters/agent/profile.ts';
import { claudeCode } from '../../../../../src/adapters/agent/profiles/claude-code.ts';
import { AGENT_WIRES, WIRES } from '../../../../../src/adapters/agent/wire/index.ts';

const tool = { kind: 'tool', id: 'toolu_wire', name: 'read_it', input: { file_path: '/s/a.ts' } } as const;

describe('the wires', () => {
  it('are the names a profile may give, and a profile check names them all', () => {
    expect(AGENT_WIRES).toEqual(Object.keys(WIRES));
    expect(profileProblem({ ...claudeCode, wire: 'grpc' })).toBe(
      `wire must be one of ${AGENT_WIRES.map((w) => `"${w}"`).join(', ')} (the protocols the kit's model server speaks), got "grpc"`,
    );
  });

  for (const [name, w] of Object.entries(WIRES))
    it(`${name}: a reply streams as server-sent events carrying the call whole; a body that is no object is a problem`, () => {
      const sse = w.events(tool);
      expect(sse).toMatch(/\r?\n\r?\n$/);
      for (const block of sse.split(/\r?\n\r?\n/).filter((b) => b !== '')) expect(block).toMatch(/(^|\n)data: /);
      expect(sse).toContain('toolu_wire');
      expect(sse).toContain('read_it');
      expect(w.events({ kind: 'text', text: 'Done.' })).toContain('Done.');
      expect(w.parse(null, 'read_it')).toBe('the body is not a JSON object');
      const others = Object.entries(WIRES).filter(([n]) => n !== name);
      // Each wire's loop endpoint is its own: no other wire serves it.
      for (const path of ['/v1/messages', '/v1/chat/completions', '/v1beta/models/m:streamGenerateContent'])
        if (w.endpoint(path)) for (const [, o] of others) expect(o.endpoint(path)).toBe(false);
    });
});
