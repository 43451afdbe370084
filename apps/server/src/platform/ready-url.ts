import type { AddressInfo } from 'node:net';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * The address to open in a browser for the socket the server bound: its real port, and `localhost` when
 * it listens on localhost or on every interface (a wildcard address cannot be opened).
 */
export function readyUrl(bound: AddressInfo, configuredHost: string): string {
  let host = bound.address;
  if (configuredHost === 'localhost' || WILDCARDS.has(host)) host = 'localhost';
  else if (bound.family === 'IPv6') host = `[${host}]`;
  return `http://${host}:${bound.port}`;
}
