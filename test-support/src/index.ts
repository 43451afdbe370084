export * from './fake-server.js';
