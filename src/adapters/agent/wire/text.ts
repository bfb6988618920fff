/** A field of an untrusted request body as text: missing (or null) is empty, anything else `String()`. */
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- any JSON value is coerced as String() does, '[object Object]' included
export const fieldText = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
