import { ErrorCode } from '@bookshelf/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { networkInterfaces } from 'node:os';
import { AppError } from './errors.js';

export interface OwnOriginOptions {
  /** PUBLIC_URL: when set, the only origin. */
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: `host` (any port) or `host:port`, lower case. */
  allowedHosts: readonly string[];
}

export const unknownHostMessage = (host: string) =>
  `This server does not answer as ${host}. Set PUBLIC_URL, or add the address to ALLOWED_HOSTS.`;

const WILDCARDS = new Set(['0.0.0.0', '::']);
const LOOPBACK = new Set(['127.0.0.1', '::1']);

const hostOf = (address: string, port: number) => `${address.includes(':') ? `[${address}]` : address}:${port}`;

/** Every `host:port` this server is reachable at by its own listen addresses (none before it listens). */
function listenHosts(app: FastifyInstance): Set<string> {
  const hosts = new Set<string>();
  for (const info of app.addresses()) {
    // A Unix socket has no host to be reached at.
    if (typeof info === 'string') continue;
    const { address, port } = info;
    const addresses = WILDCARDS.has(address)
      ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address))
      : [address];
    for (const one of addresses) {
      hosts.add(hostOf(one, port));
      if (LOOPBACK.has(one)) hosts.add(`localhost:${port}`);
    }
  }
  return hosts;
}

/** The Host header with its port, the scheme's default when it names none. */
function withPort(host: string, protocol: string): string {
  const lower = host.toLowerCase();
  return /:\d+$/.test(lower) ? lower : `${lower}:${protocol === 'https' ? 443 : 80}`;
}

/**
 * The origin to build redirect URIs on (OAuth sign-in and drive connections): PUBLIC_URL when set; else the
 * request's own origin, but only when its Host is one the server knows, its listen addresses or ALLOWED_HOSTS
 * (issue 27). The Host header is the caller's to write: trusted as is, it made the provider send a code to
 * an address of the caller's choosing.
 */
export function registerOwnOrigin(app: FastifyInstance, options: OwnOriginOptions): void {
  const allowed = options.allowedHosts.map((h) => h.toLowerCase());
  app.decorateRequest('ownOrigin', function ownOrigin(this: FastifyRequest): string {
    if (options.publicUrl) return options.publicUrl;
    const host = withPort(this.host, this.protocol);
    const hostname = host.replace(/:\d+$/, '');
    const known = allowed.some((entry) => entry === host || entry === hostname) || listenHosts(app).has(host);
    if (!known) {
      this.log.warn({ host: this.host }, 'refused to build a redirect URI on an unknown Host');
      throw new AppError(400, ErrorCode.validation, unknownHostMessage(this.host));
    }
    return `${this.protocol}://${this.host}`;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** PUBLIC_URL, or this request's origin when its Host is a known one; else a 400 (platform/own-origin.ts). */
    ownOrigin(): string;
  }
}
