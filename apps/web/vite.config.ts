import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package exports only its development build (extra checks and warnings); its own Vite
 * plugin swaps in the production build for `vite build`, which an app using it as a library does by hand.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

/** The signed-in app and the screens a member lands on, as Vite's manifest and the server name them (decision 033). */
const SIGNED_IN_APP = 'src/app/authenticated-app.tsx';
const QUERY_CLIENT = 'src/lib/query-client.tsx';
/**
 * Imported by the signed-in app once its first screen has settled (lib/after-first-screen.ts), on every
 * member's page: as a chunk of its own it came as three files of 0.1–1.1 KB (the live events' cache and two
 * helpers it shares with the drives page), each with its ~0.5 KB of headers, so it goes with the signed-in app.
 */
const LIVE_EVENTS_CACHE = 'src/app/live-events-cache.ts';
/** Where the build writes which chunk holds each of those modules, beside Vite's manifest. */
const SCREEN_CHUNKS = '.vite/screen-chunks.json';
const LANDING_SCREENS = [
  'src/features/dashboard/pages/dashboard-page.tsx',
  'src/features/books/pages/library-page.tsx',
];

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const CONTRACT_SRC = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const CONTRACT_BARREL = path.join(CONTRACT_SRC, 'index.ts');

/**
 * Where each of the contract's exported values is defined. Every web file imports the contract through its
 * barrel, which re-exports all of it: followed blindly, any file would seem to need every rule and schema in
 * the contract (and zod), so the chunks would be cut by what is imported, not by what is used.
 */
function contractExports(): Map<string, string> {
  const home = new Map<string, string>();
  for (const name of readdirSync(CONTRACT_SRC)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === 'index.ts') continue;
    const file = path.join(CONTRACT_SRC, name);
    for (const m of readFileSync(file, 'utf8').matchAll(/export\s+(?:const|let|function|class|enum)\s+(\w+)/g)) {
      home.set(m[1]!, file);
    }
  }
  return home;
}

/** The contract modules `file` uses by name (its value imports from '@bookshelf/contract'). */
function contractModulesUsedBy(file: string, home: Map<string, string>): string[] {
  if (!/\.tsx?$/.test(file) || file.startsWith(CONTRACT_SRC)) return [];
  const used = new Set<string>();
  for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@bookshelf\/contract'/g)) {
    for (const spec of m[1]!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ') && home.has(name)) used.add(home.get(name)!);
    }
  }
  return [...used];
}

/** Lazy modules a visitor may load (the sign-in dialog, the information pages, a toast): never tied to the member's. */
const VISITOR_SCREEN = /[\\/]src[\\/]features[\\/](?:auth|home)[\\/]/;
const SCREEN_LIST = /[\\/]src[\\/]app[\\/](?:screens|routes)\.tsx?$/;

/**
 * Which chunk each module of a member's first load goes in (decisions 033, 040). Left to itself the bundler
 * cuts the signed-in app into some thirty files of 1–2 KB (an icon, a helper shared by two screens), and over
 * HTTP/1.1 a phone fetches six at a time: round trips, not bytes, decide when the library shows. Instead, of
 * what the signed-in app and its two landing screens need beyond the entry, the screens themselves included:
 * what only one screen needs, and no other lazy chunk, goes in that screen's chunk (`library`, `dashboard`),
 * the rest in one `signed-in` chunk, which every member loads anyway (so another member's screen or the
 * phone's drawer sharing a module with it costs nothing). What the entry holds stays there (the visitor's
 * first load does not change); what a visitor's lazy chunk (the sign-in dialog, an information page) shares
 * with the member's first load goes in one `shared` chunk. A member's first load is then four files beyond
 * the entry's.
 */
function signedInChunks(): { plugin: Plugin; chunkOf: (id: string) => string | null } {
  const chunkOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'bookshelf:signed-in-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const home = contractExports();
      // Each file is read once, though it lies in several of the closures below.
      const usedBy = new Map<string, string[]>();
      const contractOf = (id: string) => {
        let used = usedBy.get(id);
        if (!used) usedBy.set(id, (used = contractModulesUsedBy(id, home)));
        return used;
      };
      // What `from` needs: its static imports, transitively, where the contract's barrel stands for the contract
      // modules each file uses by name (see contractExports).
      const staticClosure = (from: readonly (string | undefined)[]) => {
        const into = new Set<string>();
        const stack = from.filter((id) => id !== undefined);
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          if (id !== CONTRACT_BARREL) stack.push(...(info(id)?.importedIds ?? []));
          stack.push(...contractOf(id));
        }
        return into;
      };
      const ids = [...this.getModuleIds()];
      const byPath = (source: string) => ids.find((id) => id === path.join(ROOT, source));
      const initial = staticClosure(ids.filter((id) => info(id)?.isEntry));
      // Loaded lazily from the entry, other than by the list of member screens: the visitor's side.
      const visitorEntries = ids.filter((id) => {
        const importers = info(id)?.dynamicImporters ?? [];
        if (!importers.some((importer) => initial.has(importer))) return false;
        return VISITOR_SCREEN.test(id) || !importers.every((importer) => SCREEN_LIST.test(importer));
      });
      const own = [SIGNED_IN_APP, ...LANDING_SCREENS].map(byPath);
      const queryClient = byPath(QUERY_CLIENT);
      const liveEventsCache = byPath(LIVE_EVENTS_CACHE);
      const untouchable = new Set([...initial, ...staticClosure(visitorEntries)]);
      const others = staticClosure(
        ids.filter((id) => !own.includes(id) && id !== liveEventsCache && (info(id)?.dynamicImporters.length ?? 0) > 0),
      );
      // TanStack Query's client comes with the signed-in app (the entry loads both for a member, decision 030).
      const [app, ...screens] = own.map((id, i) => staticClosure(i === 0 ? [id, queryClient, liveEventsCache] : [id]));
      const names = LANDING_SCREENS.map((source) => path.basename(source, '-page.tsx'));
      for (const id of new Set([app!, ...screens].flatMap((set) => [...set]))) {
        if (initial.has(id)) continue;
        // A module one landing screen alone needs goes with that screen, so the other never downloads it.
        const users = screens.flatMap((set, i) => (set.has(id) ? [names[i]!] : []));
        const owner = !app!.has(id) && users.length === 1 ? users[0]! : undefined;
        // What a visitor's lazy chunk also needs (icons, the contract's rules, the dialog's focus trap) in a
        // chunk of its own both load, rather than a dozen files of a kilobyte; what another member screen also
        // needs (Book Details, the phone's drawer) with the signed-in app, so that screen never loads the other.
        if (untouchable.has(id)) chunkOf.set(id, 'shared');
        else chunkOf.set(id, owner && !others.has(id) ? owner : 'signed-in');
      }
    },
    generateBundle(_options, bundle) {
      // The screens now live inside the chunks above, and Vite's manifest names only chunks of their own: the
      // server finds each screen's chunk here (apps/server platform/signed-in-shells.ts).
      const homes: Record<string, string> = {};
      for (const source of [SIGNED_IN_APP, ...LANDING_SCREENS, QUERY_CLIENT]) {
        const id = path.join(ROOT, source);
        const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.includes(id));
        if (chunk) homes[source] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_CHUNKS, source: `${JSON.stringify(homes, null, 2)}\n` });
      // A module the entry uses placed in a member's chunk would make every visitor download that chunk: a
      // build that does so is wrong (contractModulesUsedBy missed a name), not merely slower.
      const groups = new Set(chunkOf.values());
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const member = chunk.imports.filter((file) => {
          const imported = bundle[file];
          return imported?.type === 'chunk' && groups.has(imported.name);
        });
        if (member.length) this.error(`the entry ${chunk.fileName} imports member chunks: ${member.join(', ')}`);
      }
    },
  };
  return { plugin, chunkOf: (id) => chunkOf.get(id) ?? null };
}

const chunks = signedInChunks();

/**
 * pdf.js's worker fetches its character maps (CJK text), standard fonts (Symbol, Dingbats) and its JPEG 2000
 * decoder by name from one folder at run time (the reader's engines/pdf/pdf-document.ts): they are copied there
 * as they are. The version in the folder's name keeps the year-long cache of /assets correct across upgrades.
 */
function pdfjsAssets(): Plugin {
  const home = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(home, 'package.json'), 'utf8')) as { version: string };
  const folder = `assets/pdfjs-${version}/`;
  const files = ['cmaps', 'standard_fonts']
    .flatMap((dir) => readdirSync(path.join(home, dir)).map((name) => `${dir}/${name}`))
    .filter((file) => !path.basename(file).startsWith('LICENSE'))
    .concat('wasm/openjpeg_nowasm_fallback.js');
  return {
    name: 'bookshelf:pdfjs-assets',
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: folder + file, source: readFileSync(path.join(home, file)) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = req.url?.startsWith(`/${folder}`) ? req.url.slice(folder.length + 1).split('?')[0] : undefined;
        if (!file || !files.includes(file)) return next();
        if (file.endsWith('.js')) res.setHeader('content-type', 'text/javascript');
        res.end(readFileSync(path.join(home, file)));
      });
    },
  };
}

/**
 * foliate-js sandboxes its book frames with `allow-same-origin allow-scripts`, the pair Chromium warns can undo
 * the sandbox; it wants allow-scripts only for a WebKit bug. The build takes allow-scripts out of its two
 * frames (decision 054-book-frames), and fails if a foliate upgrade moves the line, so it cannot lapse.
 */
function foliateFramesWithoutScripts(): Plugin {
  const sandboxed = "setAttribute('sandbox', 'allow-same-origin allow-scripts')";
  return {
    name: 'bookshelf:foliate-frames-without-scripts',
    enforce: 'pre',
    transform(code, id) {
      if (!/foliate-js[\\/](?:paginator|fixed-layout)\.js$/.test(id.split('?')[0]!)) return null;
      if (!code.includes(sandboxed)) throw new Error(`${id}: foliate's frame sandbox line moved; update the plugin`);
      return { code: code.replaceAll(sandboxed, "setAttribute('sandbox', 'allow-same-origin')"), map: null };
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), chunks.plugin, pdfjsAssets(), foliateFramesWithoutScripts()],
  resolve: {
    alias: [
      // Bundle the contract from its sources: no build step between editing a schema and seeing it.
      {
        find: '@bookshelf/contract',
        replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' && mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  build: {
    // Which file holds which module, for anyone inspecting the chunk graph (bench/bundle measures in Chromium).
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what the plugin named; its own dependencies are already in its closure or in the entry.
          groups: [
            { name: chunks.chunkOf, debugName: 'signed-in-chunks', includeDependenciesRecursively: false },
            // What the entry statically needs in the entry's one file, not beside it in small chunks of their own
            // (React's core, Vite's preload helper) that lazy chunks share: one request each on every first load.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? '3000'}`, changeOrigin: false } },
  },
}));
