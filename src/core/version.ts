/** Version of this kit (package.json) and of the contract it checks. */
export const KIT_VERSION = '0.1.0';
/** Bumped when a rule's meaning, the trace schema or the protocol changes. */
export const SPEC_VERSION = '2.2';

/** Whether spec version `v` is older than `than` ("2.1" before "2.2"); a version that is none is older. */
export function specBefore(v: string, than: string): boolean {
  const [a, b] = [v, than].map((x) => x.split('.').map(Number));
  for (let i = 0; i < Math.max(a!.length, b!.length); i++) {
    const x = a![i] ?? 0;
    const y = b![i] ?? 0;
    if (Number.isNaN(x)) return true;
    if (x !== y) return x < y;
  }
  return false;
}

/** The major part of a spec version ("2.0" → 2); NaN when it is not a version. */
export const specMajor = (v: string): number => Number(v.split('.')[0]);
export const TOOL_NAME = 'readshim-conformance';
