// ESLint 9 flat config: @eslint/js recommended plus typescript-eslint recommended-type-checked,
// typed through the project's tsconfig.json. `npm run lint` runs it (docs/CONTRIBUTING.md).
// Each departure from the presets below says why in one line.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Size limits of product code (its folders, not test/, dev/, examples/) and the files that break
 * one yet, each with why: config/size-limits.json (test/config/size-limits.test.ts drops stale ones).
 */
const SIZES = JSON.parse(readFileSync(new URL('size-limits.json', import.meta.url), 'utf8'));

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'reports/',
      'scratch/',
      '.readshim/',
      '.stryker-tmp/',
      '.agent-clis/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: dirname(import.meta.dirname) },
      globals: { ...globals.node },
    },
    rules: {
      // An async method that never awaits still implements a Promise-returning contract (ShimAdapter,
      // Tool.execute) and turns a throw into a rejection, which callers rely on.
      '@typescript-eslint/require-await': 'off',
      // Unions such as `'side' | string` name the values the kit knows while accepting any other: documentation.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // A `let` a closure reads before its single later assignment cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A leading underscore marks a binding kept for its position (a parameter, a destructured rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // Tests read parsed JSON reports and planted fakes: untyped values are the point there, the assertions check them.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Product code: no function over 80 lines, no file over 600 (blank lines and comments not counted).
    files: SIZES.folders.map((d) => `${d}/**/*.ts`),
    rules: Object.fromEntries(Object.entries(SIZES.limits).map(([rule, options]) => [rule, ['error', options]])),
  },
  ...Object.entries(SIZES.exceptions).flatMap(([rule, files]) =>
    Object.keys(files).map((file) => ({ files: [file], rules: { [rule]: 'off' } })),
  ),
  {
    // Plain JavaScript (bin/, examples, the dependency-cruiser config) is outside tsconfig.json: no type information.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
