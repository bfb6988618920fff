/**
 * The loopback relay of `run --agent --isolate` (src/adapters/agent/relay.ts), on the host's own
 * loopback (no namespace needed): a TCP connection to 127.0.0.1:<port> reaches the Unix socket the
 * kit serves, the command runs behind it and the relay exits as it did; and the proxy trap tunnels
 * only the loopback ports it is given.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellWord } from '../../../../src/adapters/command.ts';
import { ProxyTrap } from '../../../../src/adapters/agent/proxy.ts';
import { listenUnix, relayCommand, relaySocket } from '../../../../src/adapters/agent/relay.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function run(command: string): Promise<{ code: number | null; signal: string | null; stdout: string; pid: number }> {
  return new Promise((done) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.on('exit', (code, signal) => done({ code, signal, stdout, pid: child.pid! }));
  });
}

/** A client run behind the relay: sends "ping" to 127.0.0.1:port, prints the answer, exits 7. */
const client = (port: number): string =>
  `${shellWord(process.execPath)} -e ${shellWord(
    `const s=require('node:net').connect(${port},'127.0.0.1',()=>s.end('ping'));let b='';s.on('data',d=>b+=d);s.on('close',()=>{process.stdout.write('got:'+b);process.exit(7)});s.on('error',e=>{process.stdout.write('error:'+e.code);process.exit(3)})`,
  )}`;

describe('the loopback relay', () => {
  it('carries a TCP connection on 127.0.0.1:<port> to <dir>/<port>.sock and exits with its command’s code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readshim-relay-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const port = await freePort();
    // The kit's side: an echo server that only listens on the Unix socket.
    const echo: Server = createServer((s) => s.on('data', (d) => s.end(`echo ${d.toString('utf8')}`)));
    const unix = await listenUnix(echo, relaySocket(dir, port));
    cleanups.push(() => unix.close());
    const r = await run(relayCommand(dir, [port], client(port), shellWord));
    expect(r.stdout).toBe('got:echo ping');
    expect(r.code).toBe(7);
  }, 30_000);

  it('passes on SIGTERM to its command and dies of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readshim-relay-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const child = spawn('/bin/sh', ['-c', `exec ${relayCommand(dir, [], 'echo started; exec sleep 30', shellWord)}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((r) => child.stdout.once('data', () => r()));
    const exited = new Promise<string | null>((r) => child.on('exit', (_c, s) => r(s)));
    child.kill('SIGTERM');
    expect(await exited).toBe('SIGTERM');
  }, 30_000);
});

describe('the proxy trap with loopbackPorts', () => {
  async function tunnel(trap: ProxyTrap, port: number): Promise<string> {
    return new Promise((done) => {
      const s = connect(trap.port, '127.0.0.1', () => s.write(`CONNECT 127.0.0.1:${port} HTTP/1.1\r\n\r\n`));
      let b = '';
      s.on('data', (d) => {
        b += d.toString('utf8');
        if (b.includes('\r\n\r\n')) {
          s.destroy();
          done(b.split('\r\n')[0]!);
        }
      });
      s.on('close', () => done(b.split('\r\n')[0]!));
    });
  }

  it('tunnels the ports it is given and refuses (and lists) every other loopback port', async () => {
    const target: Server = createServer((s) => s.end());
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => target.close());
    const other: Server = createServer((s) => s.end());
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => other.close());
    const tp = (target.address() as AddressInfo).port;
    const op = (other.address() as AddressInfo).port;
    const trap = new ProxyTrap(new Set([tp]));
    await trap.listen();
    cleanups.push(() => trap.close());
    expect(await tunnel(trap, tp)).toBe('HTTP/1.1 200 Connection Established');
    expect(await tunnel(trap, op)).toBe('HTTP/1.1 403 Forbidden');
    expect([...trap.refused.keys()]).toEqual([`127.0.0.1:${op}`]);
  }, 30_000);
});
