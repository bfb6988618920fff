/** The adapter contract lives in core/contract.ts (public vocabulary, below the harness); kept here for existing imports. */
export * from '../core/contract.ts';
