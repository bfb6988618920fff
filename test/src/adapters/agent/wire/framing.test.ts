/** The framing every wire shares: server-sent events out, JSON request bodies in. */
import { describe, expect, it } from 'vitest';
import {
  bodyList,
  contentText,
  fieldText,
  offers,
  sseData,
  sseJson,
} from '../../../../../src/adapters/agent/wire/framing.ts';

describe('server-sent events', () => {
  it('frames one data line and a blank line, with an event line when named', () => {
    expect(sseData('[DONE]')).toBe('data: [DONE]\n\n');
    expect(sseJson({ type: 'message_stop' }, { event: 'message_stop' })).toBe(
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it('ends every line with the wire’s line ending', () => {
    expect(sseJson({ a: 1 }, { eol: '\r\n' })).toBe('data: {"a":1}\r\n\r\n');
    expect(sseJson('x', { event: 'e', eol: '\r\n' })).toBe('event: e\r\ndata: "x"\r\n\r\n');
  });
});

describe('JSON request bodies', () => {
  it('reads text from a string or from text parts', () => {
    expect(contentText('x')).toBe('x');
    expect(contentText([{ type: 'text', text: 'a' }, { type: 'image_url' }, { type: 'text', text: 'b' }])).toBe('ab');
    expect(contentText([{ type: 'text', text: 7 }, null, 'text'])).toBe('7');
    expect(contentText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText({})).toBe('[object Object]');
  });

  it('finds the message list, or names what is wrong with the body', () => {
    expect(bodyList({ messages: [1, 2] }, 'messages', { arrays: false })).toEqual([1, 2]);
    expect(bodyList({ messages: {} }, 'messages', { arrays: false })).toBe('the body has no messages array');
    expect(bodyList(null, 'contents', { arrays: true })).toBe('the body is not a JSON object');
    expect(bodyList('x', 'contents', { arrays: true })).toBe('the body is not a JSON object');
    // An array is an object to some wires (it then has no list), and not to others.
    expect(bodyList([], 'messages', { arrays: true })).toBe('the body has no messages array');
    expect(bodyList([], 'messages', { arrays: false })).toBe('the body is not a JSON object');
  });

  it('tells whether the tools offer a name, skipping entries that are not objects', () => {
    const names = (t: Readonly<Record<string, unknown>>): unknown[] => [t.name];
    expect(offers([null, 'Read', { name: 'Bash' }, { name: 'Read' }], 'Read', names)).toBe(true);
    expect(offers([null, 'Read', { name: 'Bash' }], 'Read', names)).toBe(false);
    expect(offers({ name: 'Read' }, 'Read', names)).toBe(false);
    expect(offers(undefined, 'Read', names)).toBe(false);
  });
});
