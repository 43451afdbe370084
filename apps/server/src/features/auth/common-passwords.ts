import { COMMON_PASSWORDS } from './common-passwords.data.js';

let list: Set<string> | undefined;

/**
 * True for one of the 10,000 most common passwords (NIST SP 800-63B §3.1.1.2), compared without case and
 * surrounding spaces, which make "Password " no harder to guess. The set is built on first use.
 */
export function isCommonPassword(password: string): boolean {
  list ??= new Set(COMMON_PASSWORDS.split('\n'));
  return list.has(password.trim().toLowerCase());
}
