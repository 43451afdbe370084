import type { RateLimitRule } from '../../platform/rate-limit.js';

/** Per client address, every attempt counts: slows a spray across many accounts. */
export const LOGIN_PER_IP: RateLimitRule = { service: 'sign-in', limit: 20, window: 'minute' };
/**
 * Per account and address, only failures count: one address guessing one e-mail stops after 10 wrong passwords,
 * while the owner signing in from anywhere else is not refused (docs/decisions/010).
 */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = { service: 'sign-in', limit: 10, window: 'hour' };
/** Failures of one account from every address in the hour before its sign-ins are slowed, never refused. */
export const LOGIN_SLOWDOWN_AFTER_FAILURES = 10;
const LOGIN_SLOWDOWN_FIRST_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 3000;

/**
 * How long a sign-in to an account waits before its password is checked: nothing up to the threshold, then
 * 250 ms doubling with each further failure, capped at 3 s. Every attempt waits, the right password too:
 * were only failures slowed, an attacker would spot the right password by its quick answer and drop the rest.
 */
export function signInDelayMs(accountFailures: number): number {
  if (accountFailures < LOGIN_SLOWDOWN_AFTER_FAILURES) return 0;
  const doublings = Math.min(accountFailures - LOGIN_SLOWDOWN_AFTER_FAILURES, 10);
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_FIRST_MS * 2 ** doublings);
}

/** The counters of one account; the e-mail is encoded so that it holds no ':' and one key never prefixes another's. */
export const loginKeys = (email: string) => {
  const account = `login:account:${encodeURIComponent(email)}`;
  const addresses = `${account}:ip:`;
  return { account, addresses, pair: (ip: string) => addresses + ip };
};
