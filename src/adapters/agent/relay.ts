/**
 * The loopback relay of `run --agent --isolate` (docs/reference/trust-model.md). Under bubblewrap the CLI has
 * a loopback of its own, so it cannot reach the kit's model server and proxy trap on the caller's
 * 127.0.0.1. The kit also serves both on Unix sockets in a directory it binds into the sandbox
 * (`<dir>/<port>.sock`); inside the namespace this relay, run with the kit's own node, listens on
 * 127.0.0.1:<port> for each of those ports, pipes each connection to its socket, then starts the CLI
 * (`/bin/sh -c <command>`, stdio inherited) and exits as it did, passing on the signals it gets.
 * Nothing else is reachable: the namespace has no other interface, and only these ports are relayed.
 *
 * It is a plain CommonJS script (run by `node -e`), so it needs neither a build nor tsx.
 */
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

/** The socket the kit serves `port` on, in the relay directory. */
export const relaySocket = (dir: string, port: number): string => join(dir, `${port}.sock`);

/** argv after the script: the socket directory, the ports (comma-separated), the command line. */
export const RELAY_SOURCE = String.raw`'use strict';
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');
const [dir, portList, command] = process.argv.slice(1);
const ports = portList.split(',').filter((p) => p !== '').map(Number);
const fail = (m) => { process.stderr.write('readshim relay: ' + m + '\n'); process.exit(125); };
let listening = 0;
for (const port of ports) {
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const up = net.connect({ path: path.join(dir, port + '.sock'), allowHalfOpen: true });
    client.on('error', () => up.destroy());
    up.on('error', () => client.destroy());
    client.pipe(up);
    up.pipe(client);
  });
  server.on('error', (e) => fail('cannot listen on 127.0.0.1:' + port + ': ' + e.message));
  server.listen(port, '127.0.0.1', () => {
    server.unref();
    if (++listening === ports.length) start();
  });
}
if (ports.length === 0) start();
function start() {
  const child = spawn('/bin/sh', ['-c', command], { stdio: 'inherit' });
  for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => child.kill(s));
  child.on('error', (e) => fail('cannot start the command: ' + e.message));
  child.on('exit', (code, signal) => {
    if (signal !== null) { process.removeAllListeners(signal); process.kill(process.pid, signal); }
    else process.exit(code === null ? 1 : code);
  });
}
`;

/** The command line that runs `command` behind the relay with the kit's node. */
export function relayCommand(
  dir: string,
  ports: readonly number[],
  command: string,
  word: (s: string) => string,
): string {
  return [process.execPath, '-e', RELAY_SOURCE, dir, ports.join(','), command].map(word).join(' ');
}

/** Serves an existing server's connections on a Unix socket too (the same handlers see them). */
export async function listenUnix(
  server: { emit(event: 'connection', s: unknown): boolean },
  file: string,
): Promise<Server> {
  const unix = createServer((s) => server.emit('connection', s));
  await new Promise<void>((resolve, reject) => {
    unix.once('error', reject);
    unix.listen(file, () => resolve());
  });
  return unix;
}
