/** Version of this kit (package.json) and of the contract it checks. */
export const KIT_VERSION = '0.1.0';
/** Bumped when a rule's meaning, the trace schema or the protocol changes. */
export const SPEC_VERSION = '2.1';

/** The major part of a spec version ("2.0" → 2); NaN when it is not a version. */
export const specMajor = (v: string): number => Number(v.split('.')[0]);
export const TOOL_NAME = 'readshim-conformance';
