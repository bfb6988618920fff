/**
 * The import layering, declared once (docs/CONTRIBUTING.md "Layers" lists the same tiers; a test
 * compares them). A folder may import its own files and the folders of strictly lower tiers;
 * tier 0 imports nothing in the repository outside its own folder. No cycles, type-only imports
 * included. `npm run lint:deps` checks it. (A bare `vitest` import resolves to src/vitest-entry/ through the
 * tsconfig paths here: that edge is 'undetermined' and left out of the cycle rule.)
 */
const TIERS = [
  ['src/core', 'reference', 'gates'],
  ['src/harness'],
  ['src/adapters'],
  ['properties'],
  ['spec', 'mutations'],
  ['src/bench'],
  ['src/cli', 'src/vitest-entry', 'src/action', 'src/index.ts'],
  ['dev', 'examples'],
  ['test'],
];

const re = (name) => (name.endsWith('.ts') ? `^${name.replace('.', '\\.')}$` : `^${name}/`);

const layerRules = TIERS.flatMap((tier, i) =>
  tier.map((from) => {
    const above = TIERS.slice(i)
      .flat()
      .filter((to) => to !== from);
    return above.length === 0
      ? null
      : {
          name: `layer-${from}`,
          comment: `${from} (tier ${i}) imports only its own files and lower tiers`,
          severity: 'error',
          from: { path: re(from) },
          to: { path: above.map(re).join('|') },
        };
  }),
).filter((r) => r !== null);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycle, import type edges included',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['undetermined'] },
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|scratch)/' },
  },
};

// For the test that compares docs/CONTRIBUTING.md with this file (not a config key: hidden from the schema).
Object.defineProperty(module.exports, 'TIERS', { value: TIERS, enumerable: false });
