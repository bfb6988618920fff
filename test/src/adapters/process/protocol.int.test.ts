import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  capabilitiesFrom,
  encodeLine,
  helloFrom,
  replyProblem,
  toWire,
} from '../../../../src/adapters/process/protocol.ts';

describe('protocol: what the kit writes', () => {
  it('every line is ASCII JSON that decodes to the same value', () => {
    const msg = { id: 3, op: 'read', worker: 'w1', args: { path: 'é/😀/\uD800.ts' } };
    const line = encodeLine(msg);
    expect(line.endsWith('\n')).toBe(true);
    expect(/^[\x20-\x7e]*\n$/.test(line)).toBe(true);
    expect(JSON.parse(line)).toEqual(msg);
  });

  it('values JSON cannot carry travel as {"nonJson": …}; everything else as is', () => {
    expect(toWire(Number.NaN)).toEqual({ nonJson: 'NaN' });
    expect(toWire(Number.NEGATIVE_INFINITY)).toEqual({ nonJson: '-Infinity' });
    expect(toWire([1, undefined])).toEqual([1, { nonJson: 'undefined' }]);
    expect(toWire({ a: 'cap', b: [false, null, {}] })).toEqual({ a: 'cap', b: [false, null, {}] });
    expect(toWire(4.5)).toBe(4.5);
  });
});

describe('protocol: what the kit accepts', () => {
  const caps = {
    arms: ['cap'],
    capParam: true,
    windows: false,
    diff: false,
    staleServe: false,
    forget: true,
    counters: false,
    persona: false,
    armResolver: false,
    seal: true,
  };

  it('a hello reply declares the protocol version, a name and the capabilities', () => {
    const h = helloFrom({ id: 0, protocol: PROTOCOL_VERSION, name: 'x', capabilities: { ...caps, raceBarrier: true } });
    expect(typeof h).toBe('object');
    expect(h).toMatchObject({ name: 'x', capabilities: { arms: ['cap'], raceBarrier: true, wrapTool: false } });
    expect(helloFrom({ protocol: 2, name: 'x', capabilities: caps })).toMatch(/protocol 2; this kit speaks protocol 1/);
    expect(helloFrom({ protocol: 1, capabilities: caps })).toMatch(/"name"/);
  });

  it('capabilities must name legal arms and give every required boolean', () => {
    expect(capabilitiesFrom({ ...caps, arms: ['Cap'] })).toMatch(/arms must be/);
    expect(capabilitiesFrom({ ...caps, forget: 'yes' })).toMatch(/capabilities.forget must be true or false/);
    expect(capabilitiesFrom({ ...caps, raceBarrier: 1 })).toMatch(/raceBarrier must be true or false/);
    // OFF-IDENTITY cannot be offered over a pipe, whatever the process says.
    expect(capabilitiesFrom({ ...caps, wrapTool: true })).toMatchObject({ wrapTool: false });
  });

  it('each op has its reply shape', () => {
    expect(replyProblem('read', { id: 1, text: 'abc' })).toBeUndefined();
    expect(replyProblem('read', { id: 1, error: { code: 'ENOENT', message: 'gone' } })).toBeUndefined();
    expect(replyProblem('read', { id: 1 })).toMatch(/needs "text"/);
    expect(replyProblem('read', { id: 1, text: null })).toMatch(/needs "text"/);
    expect(replyProblem('stale', { id: 1, text: null })).toBeUndefined();
    // Spec 2.1: a read may answer bytes as base64, alone (no text, no claim); a stale serve may not.
    expect(replyProblem('read', { id: 1, base64: 'iVBORw0KGgo=' })).toBeUndefined();
    expect(replyProblem('read', { id: 1, base64: 'not base64!' })).toMatch(/"base64" must be base64/);
    expect(replyProblem('read', { id: 1, base64: 'iVBO', text: 'x' })).toMatch(/carries no "text" and no "claim"/);
    expect(replyProblem('read', { id: 1, base64: 'iVBO', claim: { kind: 'verbatim' } })).toMatch(/no "claim"/);
    expect(replyProblem('stale', { id: 1, base64: 'iVBO' })).toMatch(/needs "text"/);
    // A read's pointer may leave total out (docs/reference/protocol.md "Claims"); a stale reply's may not, nor a wrong one.
    expect(replyProblem('read', { id: 1, text: 'x', claim: { kind: 'pointer' } })).toBeUndefined();
    expect(replyProblem('stale', { id: 1, text: 'x', claim: { kind: 'pointer' } })).toMatch(
      /malformed claim: pointer claim needs/,
    );
    expect(replyProblem('read', { id: 1, text: 'x', claim: { kind: 'pointer', total: -1 } })).toMatch(
      /malformed claim: pointer claim needs/,
    );
    expect(replyProblem('read', { id: 1, text: 'x', claim: { kind: 'pointer', payload: 'x' } })).toMatch(
      /malformed claim: a pointer claim carries no "payload"/,
    );
    expect(replyProblem('read', { id: 1, text: 'x', counted: [-1] })).toMatch(/counted/);
    expect(replyProblem('read', { id: 1, text: 'x', counters: { pointered: 1 } })).toMatch(/counters/);
    // Spec 2.1 "Batch reads": a readMany reply has one part per path, each a read reply's text and claim or an error.
    expect(
      replyProblem('readMany', {
        id: 1,
        parts: [{ text: 'x', claim: { kind: 'pointer' } }, { error: { code: 'ENOENT', message: 'gone' } }],
      }),
    ).toBeUndefined();
    expect(replyProblem('readMany', { id: 1, text: 'x' })).toMatch(/needs "parts"/);
    expect(replyProblem('readMany', { id: 1, parts: ['x'] })).toMatch(/readMany part 1: a part must be an object/);
    expect(replyProblem('readMany', { id: 1, parts: [{ text: 'x' }, { claim: {} }] })).toMatch(
      /readMany part 2: a part needs "text"/,
    );
    expect(replyProblem('readMany', { id: 1, parts: [{ text: 'x', claim: { kind: 'pointer', total: -1 } }] })).toMatch(
      /readMany part 1: malformed claim/,
    );
    expect(replyProblem('readMany', { id: 1, parts: [{ error: 'no' }] })).toMatch(/"error" must be an object/);
    expect(replyProblem('newWorker', { id: 1 })).toMatch(/"ok": true/);
    expect(replyProblem('newWorker', { id: 1, error: { name: 'RangeError', message: 'cap' } })).toBeUndefined();
    expect(replyProblem('forget', { id: 1, error: 'no' })).toMatch(/"error" must be an object/);
    expect(replyProblem('resolveArm', { id: 1, levers: { on: true, cap: true, pointer: true, diff: false } })).toMatch(
      /levers/,
    );
    expect(replyProblem('persona', { id: 1, text: null })).toBeUndefined();
    expect(replyProblem('persona', { id: 1, error: { message: 'x' } })).toMatch(/not an error/);
  });
});
