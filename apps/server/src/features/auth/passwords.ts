import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's first recommended profile: 19 MiB, 2 passes.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

let decoy: Promise<string> | undefined;

/**
 * False for a wrong password and for an account without one. The latter still spends one argon2
 * verification, so response time does not reveal which e-mails have accounts.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash signs nobody in
  }
}
