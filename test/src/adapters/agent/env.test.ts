/** The environment an agent CLI runs with: minimal, its own HOME and TMPDIR, every proxy variable the trap. */
import { describe, expect, it } from 'vitest';
import { versionEnv, workerEnv } from '../../../../src/adapters/agent/env.ts';

describe('a CLI environment', () => {
  it("never passes on the caller's environment beyond PATH", () => {
    process.env.READSHIM_ENV_PROBE = 'leak';
    try {
      expect(workerEnv('/h', '/h/.tmp', 'http://127.0.0.1:9', {})).not.toHaveProperty('READSHIM_ENV_PROBE');
      expect(versionEnv('/v', 'http://127.0.0.1:9', {})).not.toHaveProperty('READSHIM_ENV_PROBE');
    } finally {
      delete process.env.READSHIM_ENV_PROBE;
    }
  });

  it("gives a worker's CLI its HOME, TMPDIR and XDG directories, and the trap for every proxy variable", () => {
    const env = workerEnv('/h', '/h/.tmp', 'http://127.0.0.1:9', {});
    expect(env).toMatchObject({ HOME: '/h', TMPDIR: '/h/.tmp', TMP: '/h/.tmp', TEMP: '/h/.tmp' });
    expect(env.XDG_STATE_HOME).toBe('/h/.local/state');
    for (const k of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'ALL_PROXY'])
      expect(env[k], k).toBe('http://127.0.0.1:9');
    expect(env.NO_PROXY).toBe('');
  });

  it("lets the profile's variables win, and asks --version with HOME as TMPDIR", () => {
    expect(workerEnv('/h', '/t', 'p', { HOME: '/other', X: '1' })).toMatchObject({ HOME: '/other', X: '1' });
    expect(versionEnv('/v', 'p', { Y: '2' })).toEqual({
      PATH: process.env.PATH ?? '',
      HOME: '/v',
      TMPDIR: '/v',
      HTTP_PROXY: 'p',
      HTTPS_PROXY: 'p',
      http_proxy: 'p',
      https_proxy: 'p',
      Y: '2',
    });
  });
});
