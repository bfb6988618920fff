/**
 * The words that read as "unchanged, you already hold it" (README "Check a hook"): the default
 * pointer pattern, matched case-insensitively anywhere in a text — the wordings dedup hooks and
 * servers use ("File unchanged since last read", "already in context", "you already read this
 * file"). The drivers decode pointers with it; spec 2.2 holds a `withheld` notice to never match it.
 */
export const DEFAULT_POINTER_PATTERN = String.raw`\b(?:unchanged|already (?:in (?:the |your )?context|read|seen|loaded|provided|hold|have))\b`;
