// `npm run build`, and the first step of `npm start`: builds what the server runs, and nothing else.
// Type-checking is `npm test`'s job (`tsc -b`); here esbuild bundles the server and Vite builds the web app.
// Each output folder keeps a stamp, the hash of everything its build reads, and a build whose stamp still
// matches is skipped, so a second `npm start` goes straight to the server.
//
//   node scripts/build.mjs [server] [web] [--force]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';

/** Tests and test helpers never reach a build, so editing them does not make one stale. */
const isTestFile = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file) || file.split('/').includes('test');

/** Every file below the given paths (relative to `base`), sorted, tests left out. */
function listInputs(/** @type {string[]} */ inputs, /** @type {string} */ base) {
  /** @type {string[]} */
  const files = [];
  for (const input of inputs) {
    const full = path.join(base, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) files.push(input);
    else
      for (const entry of readdirSync(full, { recursive: true, withFileTypes: true }))
        if (entry.isFile()) files.push(path.relative(base, path.join(entry.parentPath, entry.name)));
  }
  return files
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => !isTestFile(f))
    .sort();
}

/** The hash of the inputs' names and contents: what the stamp records. */
export function hashInputs(/** @type {string[]} */ inputs, base = root) {
  const hash = createHash('sha256');
  for (const file of listInputs(inputs, base))
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(base, file)))
      .update('\0');
  return hash.digest('hex');
}

// The server reads the contract's sources (bundled in); both builds depend on the locked versions and
// on this script.
const COMMON_INPUTS = [
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'scripts/build.mjs',
];

/**
 * Bundles apps/server/src/main.ts and the contract into one file. npm packages stay external: they are
 * installed next to it, and some must stay files of their own (argon2's native binary, PGlite's wasm,
 * swagger-ui's static assets).
 */
export async function bundleServer(/** @type {string} */ outfile) {
  const esbuild = await import('esbuild');
  const outdir = path.dirname(outfile);
  await esbuild.build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The contract's "source" export is its TypeScript, so no contract build is needed first.
    conditions: ['source'],
    sourcemap: true,
    // Error classes and functions keep their names in logs.
    keepNames: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bookshelf/') ? undefined : { path: args.path, external: true },
          );
        },
      },
      {
        // Source files find files next to them with `new URL('…', import.meta.url)` (the migrations,
        // the web app). In one bundle import.meta.url is the bundle's, so each file gets its own back.
        name: 'import-meta-url-of-source',
        setup(build) {
          build.onLoad({ filter: /\.ts$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            const relative = path.relative(outdir, args.path).split(path.sep).join('/');
            const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
            return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
          });
        },
      },
    ],
  });
}

async function buildWeb() {
  const { build } = await import('vite');
  const webDir = path.join(root, 'apps/web');
  await build({ root: webDir, logLevel: 'warn' });
  // Then the visitors' pages as HTML, into the same dist (so under the same stamp).
  const { prerenderWeb } = await import('./prerender.mjs');
  await prerenderWeb(webDir);
  // Last, so the prerendered pages get their compressed copies too.
  const { precompress } = await import('./precompress.mjs');
  const sizes = await precompress(path.join(webDir, 'dist'));
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `build: web precompressed ${sizes.files} files, ${kb(sizes.identityBytes)} → ${kb(sizes.brBytes)} br, ${kb(sizes.gzBytes)} gzip`,
  );
}

const targets = {
  server: {
    out: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/package.json', ...COMMON_INPUTS],
    build: async () => {
      // Only the bundle lives here, so nothing left from an older build layout can be run by mistake.
      rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
      await bundleServer(path.join(root, 'apps/server/dist/main.js'));
      // A brand-new PGlite database for the server's first start on an empty DATA_DIR, made here, in a
      // process of its own, so that the server never runs PGlite's initdb (apps/server/src/db/pglite-template.js).
      // A process of its own, awaited: the web's build goes on beside it meanwhile.
      const template = spawn(process.execPath, ['scripts/pglite-template.mjs', 'apps/server/dist/pglite-template'], {
        cwd: root,
        stdio: 'inherit',
      });
      const [code, signal] = await once(template, 'exit');
      if (code !== 0) throw new Error(`scripts/pglite-template.mjs exited with ${code ?? signal}`);
    },
  },
  web: {
    out: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.prerender.config.ts',
      'apps/web/package.json',
      'scripts/prerender.mjs',
      'scripts/precompress.mjs',
      ...COMMON_INPUTS,
    ],
    build: buildWeb,
  },
};

/**
 * Builds each named target whose inputs changed since its stamp (all of them with `force`), side by side:
 * the server's bundle and its database template take other cores than the web's build (`npm start` on a
 * fresh clone waited for their sum).
 */
export async function build(/** @type {Array<keyof typeof targets>} */ names, { force = false } = {}) {
  const outcomes = await Promise.allSettled(
    names.map(async (name) => {
      const target = targets[name];
      const started = performance.now();
      const stampFile = path.join(root, target.out, STAMP);
      const hash = hashInputs(target.inputs);
      if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) {
        console.log(`build: ${name} is up to date`);
        return;
      }
      await target.build();
      writeFileSync(stampFile, hash);
      console.log(`build: ${name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
  // Both run to their end, so a failing one leaves the other's build whole (and stamped) for next time.
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const names = /** @type {Array<keyof typeof targets>} */ (args.filter((a) => a in targets));
  await build(names.length > 0 ? names : ['server', 'web'], { force: args.includes('--force') });
}
