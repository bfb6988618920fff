/**
 * What the weekly pin check says (dev/scripts/agent-pins.ts; docs "Bumping a pin"): each built-in
 * agent CLI's pinned and newest version, the rules whose verdict differs between them, and — when
 * a run could not judge a CLI — the kit's own words, which quote the CLI's: a loop halt, an exit, a
 * hang, or text the profile cannot decode. Only undecodable text fails the check; the rest is news
 * for the maintainer (an issue the workflow opens or updates).
 */

export interface RuleVerdicts {
  readonly version: string;
  readonly rules: ReadonlyMap<string, string>;
}

/** Rule statuses of a `run --reporter json` report. */
export function verdictsOf(report: unknown, version: string): RuleVerdicts {
  const rules = (report as { rules?: unknown }).rules;
  if (!Array.isArray(rules)) throw new Error('the report has no rules[] (not a run --reporter json report?)');
  const m = new Map<string, string>();
  for (const r of rules as { id?: unknown; status?: unknown }[])
    if (typeof r.id === 'string' && typeof r.status === 'string') m.set(r.id, r.status);
  return { version, rules: m };
}

/** One line per rule whose status differs: "POINTER-FULL: fail at 2.1.197, pass at 2.1.332". */
export function differences(pinned: RuleVerdicts, newest: RuleVerdicts): string[] {
  const ids = [...new Set([...pinned.rules.keys(), ...newest.rules.keys()])].sort();
  const out: string[] = [];
  for (const id of ids) {
    const a = pinned.rules.get(id) ?? 'absent';
    const b = newest.rules.get(id) ?? 'absent';
    if (a !== b) out.push(`${id}: ${a} at ${pinned.version}, ${b} at ${newest.version}`);
  }
  return out;
}

/** Why a run could not judge a CLI, from the kit's one-line message (exit 2). */
export type Unjudged =
  | { readonly kind: 'undecodable'; readonly text: string }
  | { readonly kind: 'halt'; readonly text: string }
  | { readonly kind: 'exit'; readonly text: string }
  | { readonly kind: 'hang'; readonly text: string }
  | { readonly kind: 'other'; readonly text: string };

/**
 * The kind of a `run --agent` exit-2 message. Undecodable text is the agent driver's "cannot
 * decode" (src/adapters/agent/result.ts); a halt quotes the CLI ("stopped its turn … it said:"); an
 * exit names its code or signal; a hang says "a hung CLI".
 */
export function classify(message: string): Unjudged {
  const text = message.trim();
  if (/\bcannot decode\b|cannot read the tool result|does not decode/.test(text)) return { kind: 'undecodable', text };
  if (/\bstopped its turn\b|\bit said: /.test(text)) return { kind: 'halt', text };
  if (/\bexited\b|\bwas killed\b|\bsignal\b/.test(text)) return { kind: 'exit', text };
  if (/\bhung CLI\b|sent no request within/.test(text)) return { kind: 'hang', text };
  return { kind: 'other', text };
}

/** One CLI's outcome in the check. */
export type PinOutcome =
  | { readonly name: string; readonly pinned: string; readonly newest: string; readonly kind: 'current' }
  | {
      readonly name: string;
      readonly pinned: string;
      readonly newest: string;
      readonly kind: 'judged';
      readonly differences: readonly string[];
    }
  | {
      readonly name: string;
      readonly pinned: string;
      readonly newest: string;
      readonly kind: 'unjudged';
      /** Which run could not judge: the pinned binary or the newest. */
      readonly side: 'pinned' | 'newest';
      readonly why: Unjudged;
    };

/** Whether the check fails: only text a profile cannot decode does (exit 1). */
export function fails(outcomes: readonly PinOutcome[]): boolean {
  return outcomes.some((o) => o.kind === 'unjudged' && o.why.kind === 'undecodable');
}

/** Whether the maintainer has something to do: a newer version that differs, or could not be judged. */
export function newsworthy(outcomes: readonly PinOutcome[]): boolean {
  return outcomes.some((o) => o.kind === 'unjudged' || (o.kind === 'judged' && o.differences.length > 0));
}

const WHY: Readonly<Record<Unjudged['kind'], string>> = {
  undecodable: 'its profile cannot decode a tool result (the check fails)',
  halt: 'the CLI stopped its turn (its own words)',
  exit: 'the CLI exited',
  hang: 'the CLI hung',
  other: 'the run could not judge it',
};

/** The plain-text lines the script prints. */
export function textLines(o: PinOutcome): string[] {
  switch (o.kind) {
    case 'current':
      return [`${o.name}: pinned ${o.pinned} is the newest published version`];
    case 'judged':
      return o.differences.length === 0
        ? [`${o.name}: newest ${o.newest} gives the verdicts of the pinned ${o.pinned}`]
        : [`${o.name}: newest ${o.newest} differs from the pinned ${o.pinned}:`, ...o.differences.map((d) => `  ${d}`)];
    case 'unjudged':
      return [
        `${o.name}: ${o.side} ${o.side === 'newest' ? o.newest : o.pinned} could not be judged — ${WHY[o.why.kind]}:`,
        `  ${o.why.text}`,
      ];
  }
}

/** The issue body the workflow opens or updates (Markdown). */
export function markdown(outcomes: readonly PinOutcome[], date: string): string {
  const out = [
    `Weekly pin check of ${date}: each built-in agent CLI at its pin and at its newest release, run with \`run --agent\` (dev/scripts/agent-pins.ts).`,
    '',
    'To bump a pin, see docs "Bumping a pin" (the profile\'s `version` is the one place).',
    '',
  ];
  for (const o of outcomes) {
    out.push(`## ${o.name}: pinned ${o.pinned}, newest ${o.newest}`, '');
    if (o.kind === 'current') out.push('The pin is the newest published version.');
    else if (o.kind === 'judged')
      out.push(
        ...(o.differences.length === 0
          ? ['The newest release gives the verdicts of the pin.']
          : ['Rules whose verdict differs:', '', ...o.differences.map((d) => `- ${d}`)]),
      );
    else out.push(`The ${o.side} release could not be judged: ${WHY[o.why.kind]}.`, '', '```text', o.why.text, '```');
    out.push('');
  }
  return out.join('\n');
}
