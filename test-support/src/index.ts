export * from './fake-server.js';
export * from './fake-oauth.js';
export * from './fake-smtp.js';
export * from './fake-book-services.js';
export * from './images.js';
export * from './goodreads.js';
export * from './fake-ecb-rates.js';
