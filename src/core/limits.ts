/** Domains every layer shares: what a cap can be, wherever it comes from (a flag, a capability, a trace header). */

/** The smallest cap: a slice must hold a whole UTF-8 character (4 bytes). */
export const MIN_CAP = 4;
/** The largest cap the kit runs (its reads and files stay in memory): a fixed `capabilities.cap`, a trace's header. */
export const MAX_CAP = 64 * 1024 * 1024;
