/**
 * `run --agent --isolate` with the real, pinned Claude Code CLI on a real bubblewrap (docs/reference/trust-model.md):
 * the CLI, in its own network namespace, reaches the kit's model server only through the
 * loopback relay (src/adapters/agent/relay.ts), and its Read results come back as they do unisolated.
 * Fails, never skips, where bwrap or the CLI is missing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAgentAdapter } from '../../../../src/adapters/agent/adapter.ts';
import { INSTALL_DIR } from '../../../../src/adapters/agent/install.ts';
import { CLAUDE_STUB, claudeCode } from '../../../../src/adapters/agent/profiles/claude-code.ts';
import { onPath, openIsolation } from '../../../../src/adapters/isolate.ts';

const BIN = join(process.cwd(), INSTALL_DIR, 'node_modules', '.bin', claudeCode.binary);
const T = 1_700_000_000_000;

describe('run --agent claude-code --isolate (real CLI, real bubblewrap)', () => {
  it('the CLI reads through the relay: the first read is the file, an mtime-kept edit is read again in full (2.1.332 has no stub); the report says it was isolated', async () => {
    if (onPath('bwrap') === undefined) throw new Error('bubblewrap (bwrap) is missing: apt-get install bubblewrap');
    if (!existsSync(BIN))
      throw new Error('the pinned CLI is missing: run dev/scripts/install-agent-clis.sh claude-code');
    const a = openAgentAdapter({
      profile: claudeCode,
      profileSource: 'built-in claude-code',
      isolation: openIsolation('run'),
    });
    const h = await a.openHistory({ arm: undefined, levers: ['pointer', 'diff'], cap: 4096, seal: 's' });
    try {
      const w = await h.create({ workerId: 'w1' } as never);
      const shown = h.write('a.ts', 'const isolated = 1;\n', T);
      expect(await w.read({ path: 'a.ts' })).toBe(shown);
      const now = h.write('a.ts', 'const isolated = 2;\n', T); // the mtime kept: 2.1.197 sent its stub here
      const second = await w.read({ path: 'a.ts' });
      expect(second).not.toMatch(CLAUDE_STUB);
      expect(second).toBe(now);
    } finally {
      await h.close();
    }
    const said = a.assumptions.join('\n');
    expect(said).toMatch(/Under --isolate each CLI process .* runs in bubblewrap/);
    expect(said).toMatch(/refused destinations: none/);
    expect(a.host().counts).toMatchObject({ reads: 2, toolResults: 2 });
  }, 240_000);
});
