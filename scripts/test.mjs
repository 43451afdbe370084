// `npm test`: every check and every test tier, in order, then one closing line that counts them all.
// It runs every step even after a failure so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const tmp = path.resolve('node_modules/.tmp');
mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest-results.json');
const e2eJson = path.join(tmp, 'e2e-results.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

/** @type {Array<{ name: string, command: string, args: string[], runsTests?: boolean }>} */
const steps = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '-b'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'migrations', command: 'node', args: ['apps/server/scripts/check-migrations.mjs'] },
  {
    name: 'unit + integration (vitest)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    runsTests: true,
  },
  { name: 'e2e (playwright)', command: 'node', args: ['e2e/run.mjs'], runsTests: true },
];

if (process.env.TEST_DATABASE_URL)
  console.log('Integration tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).');
else console.log('Integration tests run on PGlite; set TEST_DATABASE_URL to run them on PostgreSQL too.');

/** @type {typeof steps} */
const failedSteps = [];
for (const step of steps) {
  const { name, command, args } = step;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.log(`✔ ${name} (${seconds}s)`);
  else {
    console.log(`✘ ${name} failed (${seconds}s)`);
    failedSteps.push(step);
  }
}

/** @param {string} file */
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const e2e = readJson(e2eJson);
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
// A failed step that ran no test (typecheck, lint) still fails the run.
failed += failedSteps.filter((s) => !s.runsTests).length;

// The closing lines are what a CI log's tail shows: name each failed test there, with the first lines of
// its message, so a failure far up a long log is not lost.
/** @type {Array<{ name: string, message: string }>} */
const failures = [];
for (const file of vitest?.testResults ?? [])
  for (const test of file.assertionResults ?? [])
    if (test.status === 'failed')
      failures.push({
        name: `${path.relative(process.cwd(), file.name)} › ${test.fullName}`,
        message: test.failureMessages?.[0] ?? '',
      });
/** @param {any} suite @param {string[]} titles */
const walkE2e = (suite, titles) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected')
        failures.push({
          name: [...titles, spec.title, `[${test.projectName}]`].filter(Boolean).join(' › '),
          message: test.results?.at(-1)?.error?.message ?? '',
        });
  for (const child of suite.suites ?? []) walkE2e(child, [...titles, child.title]);
};
for (const suite of e2e?.suites ?? []) walkE2e(suite, []);
if (failures.length) {
  console.log('\nFailed tests:');
  for (const { name, message } of failures.slice(0, 20)) {
    console.log(`  ✘ ${name}`);
    const lines = message
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .filter((/** @type {string} */ l) => l.trim())
      .slice(0, 6);
    for (const line of lines) console.log(`      ${line.slice(0, 300)}`);
  }
}

console.log(failedSteps.length ? `\nFailed: ${failedSteps.map((s) => s.name).join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
