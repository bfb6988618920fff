/**
 * The documents the kit generates from its registries (dev/docs/main.ts writes and checks them).
 * Imports the registries: load it only after the rule index is written (main.ts does), so a new
 * rule module is in them.
 */
import { join } from 'node:path';
import { MUTANTS } from '../../mutations/index.ts';
import { render as gatesMd } from '../selfcheck/gates-md.ts';
import { withBlock } from './blocks.ts';
import { MEASURED_PATH, readMeasured } from './measured.ts';
import { ROOT, type Generated } from './files.ts';
import { lieClassesTable, mutantsBlock, rulesBlock } from './tables.ts';

/** The documents, rendered from the registries (and mutations/measured.json). */
export const DOCUMENTS: readonly Generated[] = [
  { path: 'GATES.md', from: 'the rule, gate and mutant registries', render: () => gatesMd() },
  {
    path: 'README.md',
    from: 'properties/rules/ (block rules)',
    render: (text) => withBlock(text, 'rules', rulesBlock(), 'README.md'),
  },
  {
    path: 'docs/MUTANTS.md',
    from: `mutations/catalogue/ and ${MEASURED_PATH} (block mutants)`,
    render: (text) =>
      withBlock(text, 'mutants', mutantsBlock(readMeasured(join(ROOT, MEASURED_PATH))), 'docs/MUTANTS.md'),
  },
  {
    path: 'docs/LIE-CLASSES.md',
    from: 'properties/corpus/classes/ and the mutants’ lie classes (block lie-classes)',
    render: (text) => lieClassesTable(text, MUTANTS),
  },
];
