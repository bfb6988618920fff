/**
 * Plants negative controls (controls.ts) into another copy of the reference — `.ci/run` uses it
 * on the installed package, whose `gates` must then turn red:
 *   npx tsx test/gates/plant.ts <package-root> <control-id>...
 * Writes each control's target in place; prints one line per planted control.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEGATIVE_CONTROLS } from './controls.ts';

const [root, ...ids] = process.argv.slice(2);
if (root === undefined || ids.length === 0) {
  process.stderr.write('usage: tsx test/gates/plant.ts <package-root> <control-id>...\n');
  process.exit(2);
}
for (const id of ids) {
  const c = NEGATIVE_CONTROLS.find((x) => x.id === id);
  if (c === undefined) {
    process.stderr.write(`plant: unknown control ${id} (known: ${NEGATIVE_CONTROLS.map((x) => x.id).join(', ')})\n`);
    process.exit(2);
  }
  const path = join(root, c.target);
  const clean = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  writeFileSync(path, c.tamper(clean));
  process.stdout.write(
    `planted ${c.id} in ${c.target}: ${c.disease}; ${c.gate} must name ${c.expect.node} in ${c.expect.file}\n`,
  );
}
