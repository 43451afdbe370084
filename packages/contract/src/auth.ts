import { z } from 'zod/mini';

/**
 * Sign-in, the current user, sessions and API tokens (spec core.md §1–3, §6–7).
 * The server validates requests with these schemas and the web client validates responses with them.
 */

import {
  API_TOKEN_NAME_MAX_LENGTH,
  AUTH_PROVIDERS,
  AuthMessages,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  READING_GOAL_MAX,
} from './auth-rules.js';
import { textInput } from './wire-values.js';
import { stripBidiControls } from './display-names.js';

/** How the current session was opened; `unknown` is the spec's default for the me call. */
export const SessionProviderSchema = z.enum(['password', 'google', 'twitter', 'unknown']);
export type SessionProvider = z.infer<typeof SessionProviderSchema>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared trimmed and lower-cased, so `Ann@X.org ` and `ann@x.org` are one account. */
export const EmailSchema = textInput().check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(EMAIL_MAX_LENGTH, AuthMessages.invalidEmail),
  z.regex(EMAIL_PATTERN, AuthMessages.invalidEmail),
);

/**
 * A password being chosen (NIST SP 800-63B §3.1.1.2): a length range and not only whitespace. The server also
 * refuses the most common passwords; that list stays on the server so the web app's first load does not carry it.
 */
export const NewPasswordSchema = textInput().check(
  z.minLength(PASSWORD_MIN_LENGTH, AuthMessages.passwordTooShort),
  z.maxLength(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
  z.refine((password) => password.trim() !== '', AuthMessages.passwordBlank),
);

/** A password being checked: only the length cap, so old passwords of any length still sign in. */
const PasswordAttemptSchema = textInput().check(
  z.minLength(1, 'Enter your password.'),
  z.maxLength(PASSWORD_MAX_LENGTH, AuthMessages.passwordTooLong),
);

export const UserNameSchema = textInput().check(
  // Before the trim: a name of only controls is an empty one.
  z.overwrite(stripBidiControls),
  z.trim(),
  z.minLength(1, AuthMessages.nameRequired),
  z.maxLength(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters.`),
);

export const RegisterRequestSchema = z.object({
  name: UserNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  email: EmailSchema,
  password: PasswordAttemptSchema,
  remember: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** The current user: the spec's me call (id, name, email, avatar, provider) plus what the shell shows. */
export const MeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when the provider shares none (X/Twitter does not). */
  email: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  provider: SessionProviderSchema,
  readingGoal: z.number(),
  joinedDate: z.string(),
  hasPassword: z.boolean(),
  /** An administrator of this instance (decision 032): sees real users' page speed. */
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

export const UpdateProfileRequestSchema = z.object({
  name: z.optional(UserNameSchema),
  /** An http(s) image address, or null to remove it. */
  avatar: z.optional(
    z.nullable(
      textInput().check(
        z.trim(),
        z.maxLength(2048, 'Avatar address is too long.'),
        z.regex(/^https?:\/\/\S+$/i, 'Avatar must be an http:// or https:// address.'),
      ),
    ),
  ),
  readingGoal: z.optional(
    z
      .number()
      .check(
        z.int('Reading goal must be a whole number.'),
        z.minimum(1, 'Reading goal must be at least 1 book.'),
        z.maximum(READING_GOAL_MAX, `Reading goal must be at most ${READING_GOAL_MAX} books.`),
      ),
  ),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  /** Absent for an account that has only signed in with a provider so far. */
  currentPassword: z.optional(PasswordAttemptSchema),
  newPassword: NewPasswordSchema,
  /** Also revoke every personal API token; absent means yes, the safe choice for a client that does not know it. */
  revokeApiTokens: z.optional(z.boolean()),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: textInput().check(z.minLength(1), z.maxLength(200)),
  password: NewPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** The token from the link that confirms a sign-up's address. */
export const VerifyEmailRequestSchema = z.object({ token: textInput().check(z.minLength(1), z.maxLength(200)) });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** A sign-up's answer: the new user, signed in (201), or, when mail is set up, only the check-your-mail message (202). */
export const RegisterResponseSchema = z.union([MeSchema, MessageSchema]);
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** The social sign-in buttons shown: only providers with a client id configured on the server. */
export const AuthProvidersSchema = z.object({ providers: z.array(z.enum(AUTH_PROVIDERS)) });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

export const SessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  provider: SessionProviderSchema,
  /** True for "Remember me" sessions; the others end when the browser closes. */
  persistent: z.boolean(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListSchema = z.object({ items: z.array(SessionInfoSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

export const RevokedCountSchema = z.object({ revoked: z.number() });

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the token, so a user can tell tokens apart without the secret. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ items: z.array(ApiTokenSchema) });

export const CreateApiTokenRequestSchema = z.object({
  name: textInput().check(
    z.trim(),
    z.minLength(1, 'Give the token a name.'),
    z.maxLength(API_TOKEN_NAME_MAX_LENGTH, `Token name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters.`),
  ),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequestSchema>;

/** Answered once, at creation: the secret is never shown again. */
export const CreatedApiTokenSchema = z.object({ ...ApiTokenSchema.shape, token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** A social identity linked to the account (sign in with it; unlink while another way remains). */
export const LinkedIdentitySchema = z.object({
  provider: z.enum(AUTH_PROVIDERS),
  email: z.nullable(z.string()),
  createdAt: z.string(),
});
export const LinkedIdentityListSchema = z.object({ items: z.array(LinkedIdentitySchema) });
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
