// `npm run bench`: runs every benchmark folder in bench/ in turn (one at a time, so none disturbs
// another's timings). Each prints `name: figure (budget)` lines and exits non-zero when over budget.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FROM_SOURCE } from './support/from-source.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
// Names pick benches; flags (`--files`) go to each bench that runs.
const only = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(here, d.name, 'index.ts')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

const failed: string[] = [];
for (const name of benches) {
  console.log(`\n# bench/${name}`);
  const result = spawnSync(process.execPath, [...FROM_SOURCE, path.join(here, name, 'index.ts'), ...flags], {
    stdio: 'inherit',
    cwd: path.resolve(here, '..'),
  });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nover budget or failed: ${failed.join(', ')}`);
  process.exit(1);
}
