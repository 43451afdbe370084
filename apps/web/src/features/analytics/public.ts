/*
 * What other features may use of analytics, and the only module of features/analytics they may import
 * (tools/eslint/feature-boundaries.js): the Spending page's address and the library value's read.
 * Side-effect free and light: the dashboard's card imports it, and the schemas load with the first answer.
 */
export { SPENDING_PATH } from './lib/spending-routes';
export { libraryValueQueryOptions, useLibraryValue } from './api/use-library-value';
