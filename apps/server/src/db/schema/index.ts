export * from './sessions.js';
export * from './users.js';
