export * from './auth.js';
export * from './error-classifier.js';
export * from './errors.js';
export * from './events.js';
export * from './health.js';
export * from './navigation.js';
export * from './rate-limit.js';
export * from './retry.js';
