import { isIP } from 'node:net';
import { isPublicAddress } from './addresses.js';
import { OutboundHttpError } from './errors.js';

/**
 * DESIGN.md's base-URL override convention: the override replaces the scheme and host of the provider's real
 * endpoint and keeps its path and query, so one fake server on 127.0.0.1 can stand in for every host of a
 * provider (`https://oauth2.googleapis.com/token` with `http://127.0.0.1:9100` → `http://127.0.0.1:9100/token`).
 */
export function withBaseUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const real = new URL(url);
  return new URL(real.pathname + real.search, baseUrl).toString();
}

/** An allow-list entry in URL `host` form: the name, plus the port only when it is not the scheme's default. */
function normaliseHost(entry: string): string {
  return (entry.includes('://') ? new URL(entry) : new URL(`https://${entry}`)).host.toLowerCase();
}

export interface TargetRules {
  /** Hosts (with a port unless it is 443/80) the client may call. */
  hosts: ReadonlySet<string>;
  /** `.archive.org` from an entry `*.archive.org`: any host under that domain (a CDN's numbered mirrors). */
  domainSuffixes: readonly string[];
  /** Host names that may be, or resolve to, private addresses. */
  privateHosts: ReadonlySet<string>;
  allPrivateAllowed: boolean;
}

export function targetRules(options: {
  hosts: readonly string[];
  baseUrl?: string | undefined;
  allowPrivateAddresses?: boolean | undefined;
}): TargetRules {
  const wildcard = (entry: string) => entry.startsWith('*.');
  const hosts = new Set(options.hosts.filter((h) => !wildcard(h)).map(normaliseHost));
  const domainSuffixes = options.hosts.filter(wildcard).map((h) => normaliseHost(h.slice(2)).replace(/^/, '.'));
  const privateHosts = new Set<string>();
  if (options.baseUrl) {
    // The operator named this server explicitly (often a fake or a mirror on the local network): it is allowed,
    // private address included; a redirect from it to any other local host is still refused.
    const override = new URL(options.baseUrl);
    hosts.add(override.host.toLowerCase());
    privateHosts.add(override.hostname.toLowerCase());
  }
  return { hosts, domainSuffixes, privateHosts, allPrivateAllowed: options.allowPrivateAddresses === true };
}

export const privateAllowed = (rules: TargetRules, hostname: string) =>
  rules.allPrivateAllowed || rules.privateHosts.has(hostname.toLowerCase());

/** Refuses a URL (the first one or a redirect's) that this client may not call, before anything is sent. */
export function checkTarget(rules: TargetRules, url: URL, client: string): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundHttpError('refused-host', `${client}: only http(s) URLs are fetched, not ${url.protocol}`);
  }
  const host = url.host.toLowerCase();
  if (!rules.hosts.has(host) && !rules.domainSuffixes.some((suffix) => host.endsWith(suffix))) {
    throw new OutboundHttpError('refused-host', `${client}: ${url.host} is not on this client's list of hosts`);
  }
  // An address written in the URL never goes through the connect-time lookup, so it is checked here.
  const literal = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(literal) && !isPublicAddress(literal) && !privateAllowed(rules, url.hostname)) {
    throw new OutboundHttpError('refused-address', `${client}: ${url.hostname} is not a public address`);
  }
}
