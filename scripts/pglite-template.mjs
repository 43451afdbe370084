// The build's brand-new PGlite database for an empty DATA_DIR (apps/server/src/db/pglite-template.js), in a
// process of its own so that PGlite's initdb memory is given back when it exits.
//
//   node scripts/pglite-template.mjs <folder>
import { writeTemplate } from '../apps/server/src/db/pglite-template.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/pglite-template.mjs <folder>');
await writeTemplate(dir, new URL('../apps/server/src/db/migrations', import.meta.url).pathname);
