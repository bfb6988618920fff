/**
 * The object without its undefined properties: `...defined({ arm })` says what
 * `...(arm !== undefined ? { arm } : {})` says, so an optional field is absent, never `undefined`
 * (JSON reports and traces keep their exact shape).
 */
export function defined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
