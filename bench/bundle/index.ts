// bench/bundle: builds the web app and prints the gzip size of what each route loads first,
// against the budgets in DESIGN.md. Fails when a figure is over its budget.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { initialFiles, type Manifest } from './manifest.js';

const webDir = path.resolve('apps/web');
const distDir = path.join(webDir, 'dist');

/**
 * The lazy route module(s) each measured route renders first; update when a route gets its own screen.
 * landing: a signed-out visitor at /; the entry holds the session gate, the public layout and the home page.
 * dashboard: a signed-in user at / or /dashboard: the shell chunk and the dashboard page.
 */
const ROUTES: Record<string, { modules: string[]; budgetKb: number }> = {
  landing: { modules: [], budgetKb: 100 },
  dashboard: {
    modules: ['src/app/authenticated-app.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    budgetKb: 150,
  },
};
const CSS_BUDGET_KB = 50;

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;

const gzipKb = (files: Iterable<string>) => {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(distDir, file))).length;
  return bytes / 1024;
};

let over = false;
const report = (name: string, kb: number, budgetKb: number) => {
  const ok = kb <= budgetKb;
  over ||= !ok;
  console.log(`${name}: ${kb.toFixed(1)} KB gzip (budget ≤ ${budgetKb} KB)${ok ? '' : '  OVER BUDGET'}`);
};

let worstCss = 0;
for (const [route, { modules, budgetKb }] of Object.entries(ROUTES)) {
  const { js, css } = initialFiles(manifest, modules);
  report(`bundle.${route}.js`, gzipKb(js), budgetKb);
  worstCss = Math.max(worstCss, gzipKb(css));
}
report('bundle.css', worstCss, CSS_BUDGET_KB);
process.exit(over ? 1 : 0);
