/**
 * The framing every wire shares: server-sent events out (an optional `event:` line, one `data:`
 * line, a blank line) and JSON request bodies in (an object, its message list, the tools it
 * offers, the text of a message's parts).
 */

/** The response headers of a streamed reply. */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'close',
});

export interface SseOptions {
  /** The `event:` line's name (absent: a `data:` line only). */
  readonly event?: string;
  /** The line ending (default "\n"). */
  readonly eol?: '\n' | '\r\n';
}

/** One event whose data is `data` as it stands (e.g. `[DONE]`). */
export function sseData(data: string, o: SseOptions = {}): string {
  const eol = o.eol ?? '\n';
  return `${o.event !== undefined ? `event: ${o.event}${eol}` : ''}data: ${data}${eol}${eol}`;
}

/** One event whose data is `value` as JSON. */
export const sseJson = (value: unknown, o: SseOptions = {}): string => sseData(JSON.stringify(value), o);

/** A field of an untrusted request body as text: missing (or null) is empty, anything else `String()`. */
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- any JSON value is coerced as String() does, '[object Object]' included
export const fieldText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A message's text: a string, or the `text` of its `{type: "text"}` parts. */
export const contentText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((b) =>
            b !== null && typeof b === 'object' && (b as { type?: unknown }).type === 'text'
              ? fieldText((b as { text?: unknown }).text)
              : '',
          )
          .join('')
      : '';

/**
 * The body's `field` list, or the problem: a body that is not an object (with `arrays: false`, an
 * array neither), or one without that list.
 */
export function bodyList(body: unknown, field: string, o: { readonly arrays: boolean }): readonly unknown[] | string {
  if (body === null || typeof body !== 'object' || (!o.arrays && Array.isArray(body)))
    return 'the body is not a JSON object';
  const list = (body as Record<string, unknown>)[field];
  return Array.isArray(list) ? list : `the body has no ${field} array`;
}

/** Whether a request's `tools` (when a list) offer `name`: `namesOf` gives the names one tool entry declares. */
export function offers(
  tools: unknown,
  name: string,
  namesOf: (tool: Readonly<Record<string, unknown>>) => readonly unknown[],
): boolean {
  return (
    Array.isArray(tools) &&
    tools.some((t) => t !== null && typeof t === 'object' && namesOf(t as Record<string, unknown>).includes(name))
  );
}
