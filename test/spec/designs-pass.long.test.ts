// Suite: long (*.long.test.ts, run by `npm run test:hosts`): five runs of the spec's design shims, each with every crossed case (about 12 s of CPU on 6 December; npm test plays the covering sample, levers.test.ts).
/** The design shims of spec/designs pass a run with the whole crossed corpus (designs-pass.ts). */
import { describe } from 'vitest';
import { designsPass } from './designs-pass.ts';

describe('the design shims of spec/designs, every crossed case', () => {
  designsPass('all');
});
