export * from './fake-server.js';
export * from './fake-oauth.js';
export * from './fake-smtp.js';
