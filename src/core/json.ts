/**
 * Every JSON the kit writes goes through here: JSON.stringify escapes a lone surrogate as `\ud800`,
 * which is valid JSON but not well-formed Unicode, and strict parsers (jq 1.6) refuse it. Such an
 * escape is written as U+FFFD instead — what the same string becomes as UTF-8 on disk (README
 * "Exit codes": "a lone surrogate in a path or text is written as U+FFFD").
 */

/**
 * `\uD800`–`\uDFFF` escapes that JSON.stringify wrote: it writes a surrogate pair as the character
 * itself, so every such escape is a lone one. The lookbehind skips `\\ud800` (an escaped backslash).
 */
const LONE_ESCAPE = /(?<=(?:^|[^\\])(?:\\\\)*)\\u[dD][89a-fA-F][0-9a-fA-F]{2}/g;

/** JSON text with every lone-surrogate escape replaced by U+FFFD. */
export function wellFormedJson(json: string): string {
  return json.replace(LONE_ESCAPE, '\uFFFD');
}

/** JSON.stringify, well-formed: a lone surrogate in any key or string is written as U+FFFD. */
export function toJson(value: unknown, space?: number): string {
  return wellFormedJson(JSON.stringify(value, null, space));
}
