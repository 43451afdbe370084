export * from './errors.js';
export * from './events.js';
export * from './health.js';
export * from './navigation.js';
