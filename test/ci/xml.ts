/**
 * A strict, small XML 1.0 parser for the kit's tests (no dependency): one root element, matched
 * tags, quoted unique attributes, only the five predefined entities and character references,
 * no raw '<' or '&' in text, no characters XML 1.0 forbids. Throws on anything else.
 */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string, where: number): string {
  if (/[<]/.test(s)) throw new Error(`raw '<' in text or attribute near ${where}`);
  return s.replace(/&([^;]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`unterminated entity near ${where}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const num = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
    if (num) return String.fromCodePoint(num[1]!.startsWith('x') ? parseInt(num[1]!.slice(1), 16) : Number(num[1]));
    throw new Error(`unknown entity &${body}; near ${where}`);
  });
}

export function parseXml(xml: string): XmlElement {
  for (const ch of xml) {
    const c = ch.codePointAt(0)!;
    if (
      (c < 0x20 && c !== 0x9 && c !== 0xa && c !== 0xd) ||
      (c >= 0xd800 && c <= 0xdfff) ||
      c === 0xfffe ||
      c === 0xffff
    )
      throw new Error(`character U+${c.toString(16)} is not allowed in XML 1.0`);
  }
  let i = 0;
  const decl = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (decl === null) throw new Error('missing <?xml version="1.0" encoding="UTF-8"?> declaration');
  i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i);
      if (end === -1) throw new Error('unterminated comment');
      i = end + 3;
      continue;
    }
    if (xml.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.-]*)\s*>/.exec(xml.slice(i));
      if (m === null) throw new Error(`bad closing tag at ${i}`);
      const open = stack.pop();
      if (open === undefined || open.name !== m[1])
        throw new Error(`</${m[1]}> does not close <${open?.name}> at ${i}`);
      i += m[0].length;
      continue;
    }
    if (xml[i] === '<') {
      const name = NAME.exec(xml.slice(i + 1));
      if (name === null) throw new Error(`bad tag at ${i}`);
      let j = i + 1 + name[0].length;
      const attrs: Record<string, string> = {};
      for (;;) {
        const ws = /^\s*/.exec(xml.slice(j))![0];
        j += ws.length;
        if (xml.startsWith('/>', j) || xml[j] === '>') break;
        if (ws === '') throw new Error(`attributes need whitespace between them at ${j}`);
        const a = /^([A-Za-z_][\w.:-]*)="([^"]*)"/.exec(xml.slice(j));
        if (a === null) throw new Error(`bad attribute at ${j}`);
        if (a[1]! in attrs) throw new Error(`attribute ${a[1]} repeated at ${j}`);
        attrs[a[1]!] = decode(a[2]!, j);
        j += a[0].length;
      }
      const el: XmlElement = { name: name[0], attrs, children: [], text: '' };
      if (stack.length === 0) {
        if (root !== undefined) throw new Error('more than one root element');
        root = el;
      } else stack[stack.length - 1]!.children.push(el);
      if (xml.startsWith('/>', j)) i = j + 2;
      else {
        stack.push(el);
        i = j + 1;
      }
      continue;
    }
    const next = xml.indexOf('<', i);
    const raw = xml.slice(i, next === -1 ? undefined : next);
    if (stack.length === 0) {
      if (raw.trim() !== '') throw new Error(`text outside the root element at ${i}`);
    } else stack[stack.length - 1]!.text += decode(raw, i);
    i = next === -1 ? xml.length : next;
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (root === undefined) throw new Error('no root element');
  return root;
}
