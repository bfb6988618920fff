/**
 * The environment an agent CLI runs with: a minimal one (never the caller's), its HOME and TMPDIR
 * fresh, every HTTP(S) request sent to the loopback proxy trap, then the profile's own variables.
 */
import { join } from 'node:path';

/** The proxy variables: HTTP(S) requests go to the trap (src/adapters/agent/proxy.ts). */
const proxied = (url: string): Record<string, string> => ({
  HTTP_PROXY: url,
  HTTPS_PROXY: url,
  http_proxy: url,
  https_proxy: url,
});

/** For `<cli> --version`, asked in a scratch HOME (it may write state there, or phone home). */
export function versionEnv(
  home: string,
  proxyUrl: string,
  profile: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: home, ...proxied(proxyUrl), ...profile };
}

/** For a worker's CLI: its HOME, TMPDIR and XDG directories, the trap for every proxy variable. */
export function workerEnv(
  home: string,
  tmp: string,
  proxyUrl: string,
  profile: Readonly<Record<string, string>>,
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    TMPDIR: tmp,
    TMP: tmp,
    TEMP: tmp,
    LANG: 'C.UTF-8',
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    ...proxied(proxyUrl),
    ALL_PROXY: proxyUrl,
    NO_PROXY: '',
    no_proxy: '',
    ...profile,
  };
}
