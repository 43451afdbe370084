import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from './addresses.js';
import { OutboundHttpError } from './errors.js';

export interface GuardedAgentOptions {
  connectTimeoutMs: number;
  /** Host names whose addresses may be private (a base-URL override on 127.0.0.1, tests); all when true. */
  privateAllowed: (hostname: string) => boolean;
}

/**
 * The address check happens where the socket connects: the lookup that hands net.connect its address refuses
 * when any address of the name is not public, so a name that resolves to a public address at check time and
 * to 127.0.0.1 at connect time (DNS rebinding) cannot slip through. IP literals never reach a lookup; the
 * client checks those before it sends.
 */
function guardedLookup(privateAllowed: (hostname: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = privateAllowed(hostname) ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) {
        const message = `${hostname} resolves to ${refused.address}, which is not a public address`;
        return callback(Object.assign(new OutboundHttpError('refused-address', message), { code: 'EREFUSED' }), '', 0);
      }
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  return new Agent({
    connect: { timeout: options.connectTimeoutMs, lookup: guardedLookup(options.privateAllowed) },
    // Keep-alive sockets are few and short-lived: outbound calls are occasional.
    keepAliveTimeout: 4_000,
  });
}
