// How a bench's TypeScript is run: by tsx, with the workspace packages (@bookshelf/contract, test-support)
// resolved through their "source" export condition to their TypeScript, as the tests and `npm run dev` do.
// Their "default" export is a dist/ that only `tsc -b` writes; `npm run build` builds what the server runs
// (which bundles the contract's sources), so on a fresh clone that dist does not exist.
export const FROM_SOURCE = ['--conditions=source', '--import', 'tsx'];
