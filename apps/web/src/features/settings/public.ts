/*
 * What other features may use of Settings, and the only module of features/settings they may import
 * (tools/eslint/feature-boundaries.js). Side-effect free and light: it lands in the importing feature's download.
 */
export { settingsTabPath, type SettingsTab } from './lib/settings-tabs';
