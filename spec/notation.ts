/**
 * The small text notation of SPEC.md examples: a cursor over one statement line, and content
 * expressions (string literals, `+`, repeat, lines, bytes, replace, let-bound names).
 * Grammar: spec/SPEC.md "How to read the examples".
 */

/** A notation problem on the current line; parse.ts adds the file, line and example. */
export class NotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotationError';
  }
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

export class Cursor {
  #pos = 0;
  constructor(readonly text: string) {}

  ws(): void {
    while (this.#pos < this.text.length && /\s/.test(this.text[this.#pos]!)) this.#pos++;
  }

  /** True when only whitespace or a `#` comment is left. */
  atEnd(): boolean {
    this.ws();
    return this.#pos >= this.text.length || this.text[this.#pos] === '#';
  }

  peek(): string {
    this.ws();
    return this.text[this.#pos] ?? '';
  }

  rest(): string {
    this.ws();
    return this.text.slice(this.#pos);
  }

  /** Consumes `lit` if it comes next. */
  eat(lit: string): boolean {
    this.ws();
    if (this.text.startsWith(lit, this.#pos)) {
      this.#pos += lit.length;
      return true;
    }
    return false;
  }

  expect(lit: string, what: string): void {
    if (!this.eat(lit))
      throw new NotationError(
        `expected ${what} (${JSON.stringify(lit)}) at ${JSON.stringify(this.rest().slice(0, 30))}`,
      );
  }

  /** A JSON string literal ("..." with JSON escapes). */
  string(): string {
    this.ws();
    if (this.text[this.#pos] !== '"')
      throw new NotationError(`expected a "string" at ${JSON.stringify(this.rest().slice(0, 30))}`);
    let i = this.#pos + 1;
    while (i < this.text.length && this.text[i] !== '"') i += this.text[i] === '\\' ? 2 : 1;
    if (i >= this.text.length) throw new NotationError('unterminated string');
    const raw = this.text.slice(this.#pos, i + 1);
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      throw new NotationError(`bad string literal ${raw.slice(0, 40)}`);
    }
    this.#pos = i + 1;
    return v as string;
  }

  /** A bare word: everything up to whitespace (never empty). */
  word(what: string): string {
    this.ws();
    const m = /^[^\s"#]+/.exec(this.text.slice(this.#pos));
    if (!m) throw new NotationError(`expected ${what} at ${JSON.stringify(this.rest().slice(0, 30))}`);
    this.#pos += m[0].length;
    return m[0];
  }

  /** A word or a quoted string (paths, worker ids). */
  name(what: string): string {
    return this.peek() === '"' ? this.string() : this.word(what);
  }

  ident(): string | undefined {
    this.ws();
    const m = IDENT.exec(this.text.slice(this.#pos));
    if (!m) return undefined;
    this.#pos += m[0].length;
    return m[0];
  }

  /** Next identifier without consuming it. */
  peekIdent(): string | undefined {
    this.ws();
    return IDENT.exec(this.text.slice(this.#pos))?.[0];
  }

  /** `key=` if it comes next (consumed), else undefined. */
  key(): string | undefined {
    this.ws();
    const m = /^([A-Za-z][A-Za-z0-9_-]*)=/.exec(this.text.slice(this.#pos));
    if (!m) return undefined;
    this.#pos += m[0].length;
    return m[1];
  }

  /** A non-negative decimal integer. */
  nat(what: string): number {
    this.ws();
    const m = /^\d+/.exec(this.text.slice(this.#pos));
    if (!m) throw new NotationError(`expected ${what} (a whole number) at ${JSON.stringify(this.rest().slice(0, 30))}`);
    this.#pos += m[0].length;
    const n = Number(m[0]);
    if (!Number.isSafeInteger(n)) throw new NotationError(`${what} ${m[0]} is too large`);
    return n;
  }

  /** A JSON literal or `undefined` (raw flag values): returns the value and its text. */
  literal(): { value: unknown; text: string } {
    this.ws();
    if (this.text[this.#pos] === '"') {
      const start = this.#pos;
      const value = this.string();
      return { value, text: this.text.slice(start, this.#pos) };
    }
    const m = /^[^\s#]+/.exec(this.text.slice(this.#pos));
    if (!m) throw new NotationError('expected a value');
    const text = m[0];
    this.#pos += text.length;
    if (text === 'undefined') return { value: undefined, text };
    try {
      return { value: JSON.parse(text), text };
    } catch {
      throw new NotationError(`bad value ${text} (write a JSON literal or undefined)`);
    }
  }
}

export type Bindings = ReadonlyMap<string, string>;

const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');
const isContinuation = (b: number | undefined): boolean => b !== undefined && (b & 0xc0) === 0x80;

/** Parses and evaluates one content expression at the cursor. */
export function contentExpr(c: Cursor, env: Bindings): string {
  let v = term(c, env);
  for (;;) {
    c.ws();
    if (!c.eat('+')) return v;
    v += term(c, env);
  }
}

function term(c: Cursor, env: Bindings): string {
  if (c.peek() === '"') return c.string();
  const id = c.ident();
  if (id === undefined)
    throw new NotationError(
      `expected content (a "string", a name or repeat/lines/bytes/replace(...)) at ${JSON.stringify(c.rest().slice(0, 30))}`,
    );
  if (!c.eat('(')) {
    const bound = env.get(id);
    if (bound === undefined) throw new NotationError(`unknown name ${id} (bind it first with: let ${id} = ...)`);
    return bound;
  }
  const comma = (): void => c.expect(',', 'a comma');
  let out: string;
  switch (id) {
    case 'repeat': {
      const s = contentExpr(c, env);
      comma();
      out = s.repeat(c.nat('a repeat count'));
      break;
    }
    case 'lines': {
      const from = c.nat('the first line number');
      comma();
      const to = c.nat('the last line number');
      comma();
      const template = contentExpr(c, env);
      if (to < from) throw new NotationError(`lines(${from}, ${to}, ...) is an empty range`);
      if (!template.includes('{n}')) throw new NotationError('lines(...) template needs {n}');
      const width = String(to).length;
      out = '';
      for (let n = from; n <= to; n++) out += template.replaceAll('{n}', String(n).padStart(width, '0'));
      break;
    }
    case 'bytes': {
      const s = contentExpr(c, env);
      comma();
      const start = c.nat('a start byte');
      comma();
      const end = c.nat('an end byte');
      const buf = utf8(s);
      if (start > end || end > buf.length)
        throw new NotationError(`bytes(..., ${start}, ${end}) is outside the ${buf.length} bytes of its content`);
      if (isContinuation(buf[start]) || isContinuation(buf[end]))
        throw new NotationError(`bytes(..., ${start}, ${end}) splits a UTF-8 sequence`);
      out = buf.subarray(start, end).toString('utf8');
      break;
    }
    case 'replace': {
      const s = contentExpr(c, env);
      comma();
      const find = contentExpr(c, env);
      comma();
      const by = contentExpr(c, env);
      const at = s.indexOf(find);
      if (find === '' || at === -1) throw new NotationError(`replace(...): ${JSON.stringify(find)} does not occur`);
      if (s.indexOf(find, at + 1) !== -1)
        throw new NotationError(`replace(...): ${JSON.stringify(find)} occurs more than once`);
      out = s.slice(0, at) + by + s.slice(at + find.length);
      break;
    }
    default:
      throw new NotationError(`unknown function ${id}(...) (known: repeat, lines, bytes, replace)`);
  }
  c.expect(')', 'a closing parenthesis');
  return out;
}
