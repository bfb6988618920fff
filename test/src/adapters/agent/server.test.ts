/** The scripted model server and the proxy trap, driven by a fake HTTP client (no CLI). */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProxyTrap } from '../../../../src/adapters/agent/proxy.ts';
import { END_TEXT, ModelServer, WireFault } from '../../../../src/adapters/agent/server.ts';

const READ_TOOLS = [
  { name: 'Read', input_schema: {} },
  { name: 'Bash', input_schema: {} },
];

function post(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/messages?beta=true`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});

describe('ModelServer', () => {
  const start = async () => {
    const s = new ModelServer({ wire: 'anthropic-messages', readTool: 'Read' });
    await s.listen();
    opened.push(s);
    return s;
  };
  const loop = (n: number, extra: object[] = []) =>
    JSON.stringify({
      tools: READ_TOOLS,
      stream: true,
      messages: [
        ...Array.from({ length: n - 1 - extra.length }, (_, i) => ({
          role: i % 2 ? 'assistant' : 'user',
          content: 'x',
        })),
        ...extra,
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_a', content: 'one' }] },
      ],
    });

  it('parks a loop request until the kit answers, and answers a retry of the same turn with the same reply', async () => {
    const s = await start();
    const line = s.line('w1');
    const first = post(s.url('w1'), loop(1));
    const parked = await line.next();
    expect(parked.req.turns).toBe(1);
    line.answer(parked, { kind: 'tool', id: 'toolu_a', name: 'Read', input: { file_path: '/x' } });
    const a = await first;
    expect(a.text).toContain('"id":"toolu_a"');
    const retry = await post(s.url('w1'), loop(1));
    expect(retry.text).toBe(a.text);
    expect(line.requests).toBe(2);
  });

  it('answers side requests harmlessly and never hands them to the kit', async () => {
    const s = await start();
    s.line('w1');
    const r = await post(
      s.url('w1'),
      JSON.stringify({ messages: [{ role: 'user', content: 'Write a title' }], stream: true }),
    );
    expect(r.text).toContain(JSON.stringify(END_TEXT));
    expect(s.sideRequests).toBe(1);
  });

  it('fails the worker with the first bytes of a request that is not JSON', async () => {
    const s = await start();
    const line = s.line('w1');
    const next = line.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    const r = await post(s.url('w1'), '{"model": oops');
    expect(r.status).toBe(400);
    const e = await next;
    expect(e).toBeInstanceOf(WireFault);
    expect((e as Error).message).toMatch(/not JSON: "\{\\"model\\": oops"/);
  });

  it('serves each worker its own line (its base URL path)', async () => {
    const s = await start();
    const l1 = s.line('w1');
    const l2 = s.line('w2');
    void post(s.url('w2'), loop(1)).catch(() => undefined);
    const p = await l2.next();
    expect(l1.requests).toBe(0);
    expect(l2.requests).toBe(1);
    l2.answer(p, { kind: 'text', text: 'Done.' });
  });
});

describe('ProxyTrap', () => {
  const start = async () => {
    const t = new ProxyTrap();
    await t.listen();
    opened.push(t);
    return t;
  };
  const connectVia = (t: ProxyTrap, target: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const port = Number(new URL(t.url).port);
      const sock = connect(port, '127.0.0.1', () =>
        sock.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`),
      );
      let got = '';
      sock.on('data', (c: Buffer) => {
        got += c.toString('latin1');
        if (got.includes('\r\n\r\n')) {
          sock.destroy();
          resolve(got.split('\r\n')[0]!);
        }
      });
      sock.on('error', reject);
      sock.on('end', () => resolve(got.split('\r\n')[0]!));
    });

  it('refuses and records every destination but loopback', async () => {
    const t = await start();
    expect(await connectVia(t, 'statsig.anthropic.com:443')).toBe('HTTP/1.1 403 Forbidden');
    expect(await connectVia(t, 'statsig.anthropic.com:443')).toBe('HTTP/1.1 403 Forbidden');
    expect([...t.refused]).toEqual([['statsig.anthropic.com:443', 2]]);
  });

  it('tunnels 127.0.0.1 itself (clients that ignore NO_PROXY still reach the model server)', async () => {
    const t = await start();
    const s = new ModelServer({ wire: 'anthropic-messages', readTool: 'Read' });
    await s.listen();
    opened.push(s);
    expect(await connectVia(t, `127.0.0.1:${s.port}`)).toBe('HTTP/1.1 200 Connection Established');
    expect(t.refused.size).toBe(0);
  });

  it('refuses a plain HTTP request to another host', async () => {
    const t = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: Number(new URL(t.url).port),
          path: 'http://telemetry.example.com/v1/events',
          method: 'POST',
        },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(403);
    expect([...t.refused.keys()]).toEqual(['telemetry.example.com:80']);
  });
});
