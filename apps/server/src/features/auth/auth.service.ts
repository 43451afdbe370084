import {
  AuthMessages,
  ErrorCode,
  PASSWORD_RESET_VALID_MINUTES,
  type DomainEvents,
  type LoginRequest,
  type Me,
  type RegisterRequest,
  type SessionProvider,
  type UpdateProfileRequest,
} from '@bookshelf/contract';
import type { EventBus } from '../../platform/events.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.js';
import { hashSecret, randomSecret } from '../../platform/secrets.js';
import type { UserRow } from '../../db/schema/index.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { PasswordResetsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

/** Per client address, every attempt counts: slows a spray across many accounts. */
export const LOGIN_PER_IP: RateLimitRule = { service: 'sign-in', limit: 20, window: 'minute' };
/** Per account, only failures count: a guessing attack on one e-mail stops after 10 wrong passwords. */
export const LOGIN_FAILURES_PER_EMAIL: RateLimitRule = { service: 'sign-in', limit: 10, window: 'hour' };
/** Generous, because a household or school shares one address; it stops scripted mass sign-up. */
export const REGISTER_PER_IP: RateLimitRule = { service: 'sign-up', limit: 50, window: 'hour' };
export const RESET_MAIL_PER_IP: RateLimitRule = { service: 'password reset', limit: 10, window: 'hour' };
/** Beyond this the request is answered as usual but no mail is sent, so nobody can flood an inbox. */
export const RESET_MAIL_PER_EMAIL: RateLimitRule = { service: 'password reset', limit: 3, window: 'hour' };

export interface AuthServiceDeps {
  users: UsersRepository;
  resets: PasswordResetsRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  events: EventBus<DomainEvents>;
  now?: () => Date;
}

export function toMe(user: UserRow, provider: SessionProvider): Me {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.image,
    provider,
    readingGoal: user.readingGoal,
    joinedDate: user.createdAt.toISOString(),
    hasPassword: user.passwordHash !== null,
  };
}

const invalidCredentials = () => new AppError(401, ErrorCode.unauthenticated, AuthMessages.invalidCredentials);

export function createAuthService(deps: AuthServiceDeps) {
  const { users, resets, limiter, mailer, events } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireUserRow(userId: string) {
    const user = await users.findById(userId);
    // A session or token whose user is gone answers as signed out, not as a server error.
    if (!user) throw new AppError(401, ErrorCode.unauthenticated, AuthMessages.unauthenticated);
    return user;
  }

  return {
    requireUserRow,

    async register(input: RegisterRequest, ip: string): Promise<UserRow> {
      await limiter.hit(`register:ip:${ip}`, REGISTER_PER_IP);
      const user = await users.insert({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
      });
      if (!user) throw new AppError(409, ErrorCode.conflict, AuthMessages.emailTaken);
      await events.publish('user.registered', { userId: user.id });
      return user;
    },

    /** One answer for an unknown e-mail and a wrong password, in about the same time. */
    async login(input: LoginRequest, ip: string): Promise<UserRow> {
      const emailKey = `login:email:${input.email}`;
      await limiter.hit(`login:ip:${ip}`, LOGIN_PER_IP);
      await limiter.check(emailKey, LOGIN_FAILURES_PER_EMAIL);
      const user = await users.findByEmail(input.email);
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await limiter.hit(emailKey, LOGIN_FAILURES_PER_EMAIL).catch(() => undefined);
        throw invalidCredentials();
      }
      await limiter.reset(emailKey);
      return user;
    },

    async me(userId: string, provider: SessionProvider): Promise<Me> {
      return toMe(await requireUserRow(userId), provider);
    },

    async updateProfile(userId: string, changes: UpdateProfileRequest, provider: SessionProvider): Promise<Me> {
      const updated = await users.update(userId, {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.avatar !== undefined ? { image: changes.avatar } : {}),
        ...(changes.readingGoal !== undefined ? { readingGoal: changes.readingGoal } : {}),
      });
      if (!updated) throw notFound('User not found');
      return toMe(updated, provider);
    },

    /** The caller's route then ends every other session (SECURITY.md: password change revokes). */
    async changePassword(userId: string, currentPassword: string | undefined, newPassword: string) {
      const user = await requireUserRow(userId);
      if (user.passwordHash !== null) {
        if (currentPassword === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) {
          throw new AppError(400, ErrorCode.validation, AuthMessages.wrongCurrentPassword);
        }
      }
      await users.update(userId, { passwordHash: await hashPassword(newPassword) });
      await resets.deleteByUser(userId);
    },

    /** Always the same answer, whether or not the e-mail has an account. */
    async requestPasswordReset(email: string, ip: string, resetUrl: (token: string) => string) {
      await limiter.hit(`reset:ip:${ip}`, RESET_MAIL_PER_IP);
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
      const link = resetUrl(token);
      await mailer.send({
        to: user.email,
        subject: 'Reset your Bookshelf password',
        text:
          `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Bookshelf account.\n` +
          `Open this link within ${PASSWORD_RESET_VALID_MINUTES} minutes to choose a new one:\n\n${link}\n\n` +
          `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
      });
    },

    /** Sets the new password; the route then ends every session and opens a fresh one. */
    async resetPassword(token: string, password: string): Promise<UserRow> {
      const reset = await resets.take(hashSecret(token));
      if (!reset || reset.expiresAt <= now()) {
        throw new AppError(400, ErrorCode.validation, AuthMessages.resetLinkInvalid);
      }
      const user = await users.update(reset.userId, { passwordHash: await hashPassword(password) });
      if (!user) throw new AppError(400, ErrorCode.validation, AuthMessages.resetLinkInvalid);
      await resets.deleteByUser(user.id);
      return user;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
