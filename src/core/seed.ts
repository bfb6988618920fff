/** The seed a run uses when none is given: the CLI, the vitest entry and the bench scripts agree. */
export const DEFAULT_SEED = 20_261_130;
