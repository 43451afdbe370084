import {
  AuthMessages,
  ErrorCode,
  PASSWORD_RESET_VALID_MINUTES,
  SIGN_UP_LINK_VALID_HOURS,
  type LoginRequest,
  type Me,
  type RegisterRequest,
  type SessionProvider,
  type UpdateProfileRequest,
} from '@bookshelf/contract';
import { z } from 'zod';
import type { AdminRule } from '../../platform/access/admins.js';
import { createVersionedCache } from '../../platform/caching/versioned-cache.js';
import { AppError, notFound } from '../../platform/errors.js';
import { defineJob } from '../../platform/jobs/job-definition.js';
import { enqueueJob } from '../../platform/jobs/job-store.js';
import type { PublishEvent } from '../../platform/jobs/outbox.js';
import type { Mailer } from '../../platform/mailer.js';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit.js';
import { hashSecret, randomSecret } from '../../platform/secrets.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isCommonPassword } from './common-passwords.js';
import { createPendingSignUpsRepository, type PendingSignUpsRepository } from './pending-sign-ups.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS, LOGIN_PER_IP, loginKeys, signInDelayMs } from './sign-in-limits.js';
import {
  createApiTokensRepository,
  createPasswordResetsRepository,
  createSessionsRepository,
  type PasswordResetsRepository,
} from './sessions.repository.js';
import type { CredentialsRevoked } from './sessions.service.js';
import { createIdentitiesRepository, createUsersRepository, type UsersRepository } from './users.repository.js';

/** Generous, because a household or school shares one address; it stops scripted mass sign-up. */
export const REGISTER_PER_IP: RateLimitRule = { service: 'sign-up', limit: 50, window: 'hour' };
export const RESET_MAIL_PER_IP: RateLimitRule = { service: 'password reset', limit: 10, window: 'hour' };
/** Beyond this the request is answered as usual but no mail is sent, so nobody can flood an inbox. */
export const RESET_MAIL_PER_EMAIL: RateLimitRule = { service: 'password reset', limit: 3, window: 'hour' };
/** Beyond this a sign-up is answered as usual but no mail is sent, so nobody can flood an inbox. */
export const SIGN_UP_MAIL_PER_EMAIL: RateLimitRule = { service: 'sign-up', limit: 3, window: 'hour' };
/** Wrong current passwords per user: a stolen session must not become a way to guess the password. */
export const WRONG_CURRENT_PASSWORD_PER_USER: RateLimitRule = { service: 'password change', limit: 10, window: 'hour' };

const RESET_MAIL_JOB = 'auth.reset-mail';
const ResetMailPayload = z.object({ email: z.string(), linkBase: z.string() });
const SIGN_UP_MAIL_JOB = 'auth.sign-up-mail';
const SignUpMailPayload = z.object({
  name: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  linkBase: z.string(),
  signInUrl: z.string(),
});

export interface AuthServiceDeps {
  /** Who administers the instance (decision 032), shown on the me answer. */
  admins: AdminRule;
  /** Password changes and resets write the user, its links, tokens and sessions in one transaction. */
  db: Database;
  users: UsersRepository;
  resets: PasswordResetsRepository;
  pendingSignUps?: PendingSignUpsRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Writes domain events in the transaction of the change (the outbox). */
  publish: PublishEvent;
  /** Told, inside the transaction, when a password change or reset ends sessions or tokens. */
  credentialsRevoked?: CredentialsRevoked;
  /** Told, in the transaction of a change to what GET /api/me shows, that the user's data changed. */
  dataChanged?: (userId: string, tx: Database) => Promise<void>;
  /** The user's data version, which every such change bumps: the me answer is read again only when it moved. */
  dataVersion?: (userId: string) => number | Promise<number>;
  now?: () => Date;
  /** How the slowed sign-in waits. */
  sleep?: (ms: number) => Promise<void>;
}

/** What the me answer shows of a user row: all but how this session signed in. */
export type Profile = Omit<Me, 'provider'>;

function toProfile(user: UserRow, admins: AdminRule): Profile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.image,
    readingGoal: user.readingGoal,
    joinedDate: user.createdAt.toISOString(),
    hasPassword: user.passwordHash !== null,
    isAdmin: admins.isAdmin(user),
  };
}

export function toMe(user: UserRow, provider: SessionProvider, admins: AdminRule): Me {
  return { ...toProfile(user, admins), provider };
}

const invalidCredentials = () => new AppError(401, ErrorCode.unauthenticated, AuthMessages.invalidCredentials);

/** The length and whitespace rules are the contract's; the common-password list lives only on the server. */
function assertNotCommon(password: string) {
  if (isCommonPassword(password)) throw new AppError(400, ErrorCode.validation, AuthMessages.passwordTooCommon);
}

/** The stores a password change or reset writes, all bound to one transaction. */
const credentialStores = (tx: Database) => ({
  users: createUsersRepository(tx),
  resets: createPasswordResetsRepository(tx),
  apiTokens: createApiTokensRepository(tx),
  sessions: createSessionsRepository(tx),
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, resets, limiter, mailer, publish } = deps;
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? wait;
  const dataChanged = deps.dataChanged ?? (async () => undefined);
  const pendingSignUps = deps.pendingSignUps ?? createPendingSignUpsRepository(db);

  async function requireUserRow(userId: string) {
    const user = await users.findById(userId);
    // A session or token whose user is gone answers as signed out, not as a server error.
    if (!user) throw new AppError(401, ErrorCode.unauthenticated, AuthMessages.unauthenticated);
    return user;
  }

  /** The job half of a reset request: after the answer, so its time tells nobody whether the account exists. */
  async function sendPasswordReset({ email, linkBase }: z.infer<typeof ResetMailPayload>) {
    const user = await users.findByEmail(email);
    if (!user?.email) return;
    try {
      await limiter.hit(`reset:email:${user.email}`, RESET_MAIL_PER_EMAIL);
    } catch {
      return;
    }
    const token = randomSecret();
    const expiresAt = new Date(now().getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000);
    await resets.insert({ tokenHash: hashSecret(token), userId: user.id, expiresAt });
    const link = `${linkBase}${encodeURIComponent(token)}`;
    await mailer.send({
      to: user.email,
      subject: 'Reset your Bookshelf password',
      text:
        `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Bookshelf account.\n` +
        `Open this link within ${PASSWORD_RESET_VALID_MINUTES} minutes to choose a new one:\n\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    });
  }

  /**
   * The job half of a mailed sign-up: after the answer, so its time tells nobody whether the address is taken.
   * A taken address gets a notice to its owner; a free one a pending sign-up and the link that completes it.
   */
  async function sendSignUpMail(payload: z.infer<typeof SignUpMailPayload>) {
    const { name, email, passwordHash, linkBase, signInUrl } = payload;
    try {
      await limiter.hit(`sign-up:email:${email.toLowerCase()}`, SIGN_UP_MAIL_PER_EMAIL);
    } catch {
      return;
    }
    const owner = await users.findByEmail(email);
    if (owner?.email) {
      await mailer.send({
        to: owner.email,
        subject: 'Someone tried to create a Bookshelf account with your address',
        text:
          `Hello ${owner.name},\n\nSomeone tried to create a Bookshelf account with your e-mail address, which ` +
          `already has one. No new account was created.\n\nIf it was you, sign in, or reset your password if ` +
          `you have forgotten it:\n\n${signInUrl}\n\nIf it was not you, ignore this e-mail.\n`,
      });
      return;
    }
    const token = randomSecret();
    const expiresAt = new Date(now().getTime() + SIGN_UP_LINK_VALID_HOURS * 3_600_000);
    await pendingSignUps.insert({ tokenHash: hashSecret(token), email, name, passwordHash, expiresAt });
    const link = `${linkBase}${encodeURIComponent(token)}`;
    await mailer.send({
      to: email,
      subject: 'Finish creating your Bookshelf account',
      text:
        `Hello ${name},\n\nSomeone (hopefully you) asked to create a Bookshelf account with this e-mail address.\n` +
        `Open this link within ${SIGN_UP_LINK_VALID_HOURS} hours to finish:\n\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail: no account is created.\n`,
    });
  }

  const present = (user: UserRow, provider: SessionProvider) => toMe(user, provider, deps.admins);
  // The profile, not the row, is kept between requests: no password hash stays in memory.
  const profiles = deps.dataVersion ? createVersionedCache<Profile>({ version: deps.dataVersion }) : undefined;
  const profileOf = async (userId: string) => toProfile(await requireUserRow(userId), deps.admins);
  /**
   * The user's profile: while their data version stays the same, the very same object (a cached one comes back
   * without a promise), so what is derived from it can be kept beside it (me.routes.ts).
   */
  const profile = (userId: string): Profile | Promise<Profile> =>
    profiles ? profiles.get(userId, () => profileOf(userId)) : profileOf(userId);

  return {
    requireUserRow,
    /** The me answer for a user row. */
    present,

    /** Whether sign-up confirms the address by mail (`requestSignUp`) rather than creating the account now. */
    signUpByMail: mailer.delivers,

    async register(input: RegisterRequest, ip: string): Promise<UserRow> {
      await limiter.hit(`register:ip:${ip}`, REGISTER_PER_IP);
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      return inTransaction(db, async (tx) => {
        const user = await createUsersRepository(tx).insert({ name: input.name, email: input.email, passwordHash });
        // Thrown inside: on PostgreSQL the failed insert has aborted the transaction, which must roll back.
        if (!user) throw new AppError(409, ErrorCode.conflict, AuthMessages.emailTaken);
        await publish(tx, 'user.registered', { userId: user.id });
        return user;
      });
    },

    /**
     * A sign-up when mail goes out: the same answer in the same time whether or not the address has an account.
     * The password is hashed either way (the slow part), then the look-up and the mail are a job. The link is
     * `linkBase` followed by the token; `signInUrl` goes into the notice to an existing account's owner.
     */
    async requestSignUp(input: RegisterRequest, ip: string, links: { linkBase: string; signInUrl: string }) {
      await limiter.hit(`register:ip:${ip}`, REGISTER_PER_IP);
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      await enqueueJob(db, SIGN_UP_MAIL_JOB, { name: input.name, email: input.email, passwordHash, ...links });
    },

    /** Looks the address up and mails the link or the notice to the owner. */
    signUpMailJob: defineJob({
      kind: SIGN_UP_MAIL_JOB,
      payload: SignUpMailPayload,
      run: sendSignUpMail,
      // An address that may be nobody's and a password hash: not kept once the mail is sent (or given up on).
      forgetPayload: true,
    }),

    /**
     * Completes a mailed sign-up: spends the token and creates the account, unless the link is unknown, expired,
     * or the address got an account meanwhile (each the same refusal, so the answer tells nothing more).
     */
    async verifySignUp(token: string): Promise<UserRow> {
      const user = await inTransaction(db, async (tx) => {
        const pending = createPendingSignUpsRepository(tx);
        const row = await pending.take(hashSecret(token));
        if (!row || row.expiresAt <= now()) return undefined;
        const created = await createUsersRepository(tx).insert({
          name: row.name,
          email: row.email,
          passwordHash: row.passwordHash,
        });
        // Thrown inside: on PostgreSQL the failed insert has aborted the transaction, which must roll back.
        if (!created) throw new AppError(400, ErrorCode.validation, AuthMessages.signUpLinkInvalid);
        await pending.deleteByEmail(row.email);
        await publish(tx, 'user.registered', { userId: created.id });
        return created;
      });
      if (!user) throw new AppError(400, ErrorCode.validation, AuthMessages.signUpLinkInvalid);
      return user;
    },

    /**
     * One answer for an unknown e-mail and a wrong password, in about the same time (unknown e-mails are
     * counted and slowed like known ones).
     */
    async login(input: LoginRequest, ip: string): Promise<UserRow> {
      const keys = loginKeys(input.email);
      await limiter.hit(`login:ip:${ip}`, LOGIN_PER_IP);
      await limiter.check(keys.pair(ip), LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
      await sleep(signInDelayMs(await limiter.peek(keys.account)));
      const user = await users.findByEmail(input.email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await limiter.count(keys.pair(ip), LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS.window);
        await limiter.count(keys.account, 'hour');
        throw invalidCredentials();
      }
      await limiter.reset(keys.pair(ip));
      await limiter.reset(keys.account);
      return user;
    },

    profile,

    async me(userId: string, provider: SessionProvider): Promise<Me> {
      return { ...(await profile(userId)), provider };
    },

    async updateProfile(userId: string, changes: UpdateProfileRequest, provider: SessionProvider): Promise<Me> {
      const updated = await inTransaction(db, async (tx) => {
        const row = await createUsersRepository(tx).update(userId, {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.avatar !== undefined ? { image: changes.avatar } : {}),
          ...(changes.readingGoal !== undefined ? { readingGoal: changes.readingGoal } : {}),
        });
        if (row) await dataChanged(userId, tx);
        return row;
      });
      if (!updated) throw notFound('User not found');
      return present(updated, provider);
    },

    /**
     * Sets the password, ends every other session (SECURITY.md: password change revokes) and, unless the caller
     * keeps them, revokes API tokens (whoever learnt the old password may have minted one): all or nothing, in
     * one transaction. The current password is checked against the row locked there, so of two changes made
     * with the same old password only the first holds; the other finds it wrong. Wrong ones are counted in the
     * same transaction, behind the same lock, so parallel guesses cannot slip past the limit.
     */
    async changePassword(
      userId: string,
      change: {
        currentPassword?: string | undefined;
        newPassword: string;
        revokeApiTokens: boolean;
        keepSessionKey: string | undefined;
      },
    ) {
      const { currentPassword, newPassword } = change;
      assertNotCommon(newPassword);
      const newHash = await hashPassword(newPassword);
      const failuresKey = `password-change:user:${userId}`;
      const outcome = await inTransaction(db, async (tx) => {
        const stores = credentialStores(tx);
        const user = await stores.users.lockById(userId);
        if (!user) throw new AppError(401, ErrorCode.unauthenticated, AuthMessages.unauthenticated);
        if (user.passwordHash !== null) {
          const txLimiter = createRateLimiter(tx, now);
          await txLimiter.check(failuresKey, WRONG_CURRENT_PASSWORD_PER_USER);
          if (currentPassword === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) {
            // Committed, not thrown: a rollback would forget the failure.
            await txLimiter.count(failuresKey, WRONG_CURRENT_PASSWORD_PER_USER.window);
            return 'wrong current password' as const;
          }
        }
        await stores.users.update(userId, { passwordHash: newHash });
        await stores.resets.deleteByUser(userId);
        if (change.revokeApiTokens) await stores.apiTokens.deleteByUser(userId);
        await stores.sessions.deleteByUser(userId, change.keepSessionKey);
        await deps.credentialsRevoked?.(userId, tx);
        await dataChanged(userId, tx);
        return 'changed' as const;
      });
      if (outcome === 'wrong current password') {
        throw new AppError(400, ErrorCode.validation, AuthMessages.wrongCurrentPassword);
      }
    },

    /**
     * Unlinks the user's sign-in with `provider`, refused when it is the last way to sign in. The user row is
     * locked first, so two unlinks (or an unlink and a password change) queue up and the second counts what the
     * first left: two concurrent unlinks cannot both pass the check and lock the user out.
     */
    async unlinkIdentity(userId: string, provider: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const user = await createUsersRepository(tx).lockById(userId);
        if (!user) throw new AppError(401, ErrorCode.unauthenticated, AuthMessages.unauthenticated);
        const identities = createIdentitiesRepository(tx);
        const linked = await identities.findByUser(userId);
        if (!linked.some((row) => row.provider === provider)) return; // unlinked meanwhile: done
        if (user.passwordHash === null && linked.length === 1) {
          throw new AppError(409, ErrorCode.conflict, AuthMessages.lastSignInMethod);
        }
        await identities.delete(userId, provider);
      });
    },

    /**
     * Always the same answer in the same time, whether or not the e-mail has an account: only the per-address
     * limit is checked before answering; looking the account up and mailing are a job. The link is
     * `linkBase` followed by the token.
     */
    async requestPasswordReset(email: string, ip: string, linkBase: string) {
      await limiter.hit(`reset:ip:${ip}`, RESET_MAIL_PER_IP);
      await enqueueJob(db, RESET_MAIL_JOB, { email, linkBase });
    },

    /** Looks the account up and sends the reset mail (or nothing, for an unknown address). */
    resetMailJob: defineJob({
      kind: RESET_MAIL_JOB,
      payload: ResetMailPayload,
      run: sendPasswordReset,
      // The address someone typed, maybe nobody's: not kept once the mail is sent (or given up on).
      forgetPayload: true,
    }),

    /**
     * Sets the new password, ends every session and revokes every API token in one transaction (the route then
     * opens a fresh session), and clears the account's sign-in counters, so an owner slowed or refused by
     * someone else's guesses gets a clean slate.
     */
    async resetPassword(token: string, password: string): Promise<UserRow> {
      // Before the one-time token is taken, so a refused password does not spend the link.
      assertNotCommon(password);
      const passwordHash = await hashPassword(password);
      const user = await inTransaction(db, async (tx) => {
        const stores = credentialStores(tx);
        const reset = await stores.resets.take(hashSecret(token));
        if (!reset || reset.expiresAt <= now()) return undefined;
        const updated = await stores.users.update(reset.userId, { passwordHash });
        if (!updated) return undefined;
        await stores.resets.deleteByUser(updated.id);
        await stores.apiTokens.deleteByUser(updated.id);
        await stores.sessions.deleteByUser(updated.id);
        await deps.credentialsRevoked?.(updated.id, tx);
        await dataChanged(updated.id, tx);
        return updated;
      });
      if (!user) throw new AppError(400, ErrorCode.validation, AuthMessages.resetLinkInvalid);
      if (user.email) {
        const keys = loginKeys(user.email);
        await limiter.reset(keys.account);
        await limiter.resetPrefix(keys.addresses);
      }
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
