/**
 * The loopback proxy trap (docs/guide/agent.md): the CLI's HTTP(S)_PROXY. It tunnels only
 * 127.0.0.1 (some clients ignore NO_PROXY) and refuses every other destination, recording it, so the
 * report lists where the CLI tried to go. Nothing leaves the machine.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { listenUnix } from './relay.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** "host:port" → whether it is loopback. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

export class ProxyTrap {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  /** Refused destinations ("host:port") → attempts. */
  readonly refused = new Map<string, number>();
  #port = 0;
  #unix: NetServer | undefined;

  /**
   * `loopbackPorts`: the only loopback ports it tunnels (under --isolate, the model server's: the
   * trap runs on the caller's loopback, where other services may listen); all loopback without it.
   */
  constructor(readonly loopbackPorts?: ReadonlySet<number>) {
    this.#server = createServer((req, res) => {
      let url: URL;
      try {
        url = new URL(req.url ?? '');
      } catch {
        res.writeHead(400).end();
        return;
      }
      const dest = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
      if (!this.#reachable(url.hostname, Number(url.port || 80))) {
        this.#refuse(dest);
        res.writeHead(403, { 'content-type': 'text/plain' }).end('readshim proxy trap: only 127.0.0.1 is reachable');
        return;
      }
      const up = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(url.port || 80),
          method: req.method,
          path: `${url.pathname}${url.search}`,
          headers: req.headers,
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
    });
    this.#server.on('connect', (req, client: Socket) => {
      this.#sockets.add(client);
      client.on('close', () => this.#sockets.delete(client));
      client.on('error', () => undefined);
      const target = req.url ?? '';
      const i = target.lastIndexOf(':');
      const host = i > 0 ? target.slice(0, i) : target;
      const port = i > 0 ? Number(target.slice(i + 1)) : 443;
      if (!Number.isInteger(port) || !this.#reachable(host, port)) {
        this.#refuse(target);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const up = connect(port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        up.pipe(client);
        client.pipe(up);
      });
      this.#sockets.add(up);
      up.on('close', () => this.#sockets.delete(up));
      up.on('error', () => client.destroy());
    });
    this.#server.on('connection', (s: Socket) => {
      this.#sockets.add(s);
      s.on('close', () => this.#sockets.delete(s));
    });
  }

  #reachable(host: string, port: number): boolean {
    return isLoopback(host) && (this.loopbackPorts === undefined || this.loopbackPorts.has(port));
  }

  /** Serves on a Unix socket too (`run --agent --isolate`: src/adapters/agent/relay.ts). */
  async listenUnix(file: string): Promise<void> {
    this.#unix = await listenUnix(this.#server, file);
  }

  #refuse(dest: string): void {
    this.refused.set(dest, (this.refused.get(dest) ?? 0) + 1);
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  async close(): Promise<void> {
    this.#unix?.close();
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
