export * from './api-tokens.js';
export * from './auth-identities.js';
export * from './password-resets.js';
export * from './rate-limits.js';
export * from './sessions.js';
export * from './users.js';
