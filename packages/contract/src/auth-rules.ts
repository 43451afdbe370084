/**
 * Sign-in constants, messages, paths and pure rules, without zod: the web app's first download (a visitor's
 * landing page) needs some of these and must not pay for the schemas in auth.ts.
 */
import { stripBidiControls } from './display-names.js';

export const AUTH_PROVIDERS = ['google', 'twitter'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
export const AUTH_PROVIDER_LABELS: Record<AuthProvider, string> = { google: 'Google', twitter: 'X (Twitter)' };
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes whatever it is given; a cap stops a megabyte "password" from costing CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const DEFAULT_READING_GOAL = 50;
export const READING_GOAL_MAX = 10_000;
export const API_TOKEN_NAME_MAX_LENGTH = 60;
/** "Remember me" keeps the session this long; otherwise the cookie lasts for the browser session. */
export const REMEMBERED_SESSION_DAYS = 30;
export const PASSWORD_RESET_VALID_MINUTES = 60;
/** How long the link that confirms a sign-up's address works (issue 27). */
export const SIGN_UP_LINK_VALID_HOURS = 24;

export const AuthMessages = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Sign in instead, or reset your password.',
  unauthenticated: 'You need to sign in first.',
  csrf: 'This request was refused because it did not come from the app.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordBlank: 'Password cannot be only spaces.',
  passwordTooCommon: 'This password is one of the most common passwords, so it is easy to guess. Choose another.',
  invalidEmail: 'Enter a valid email address.',
  nameRequired: 'Enter your name.',
  wrongCurrentPassword: 'Your current password is not correct.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Ask for a new one.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset its password.',
  /** The one answer to a sign-up when mail is set up, whether or not the address has an account. */
  signUpCheckMail: 'Check your e-mail to finish creating your account.',
  signUpLinkInvalid:
    'This sign-up link is invalid or has expired. Sign up again, or sign in if you already have an account.',
  providerNotConfigured: 'Sign-in with this provider is not available on this server.',
  lastSignInMethod: 'This is your only way to sign in. Set a password first.',
} as const;

/**
 * Why a social sign-in failed, passed to /auth/callback as `?error=`; the page shows the message.
 */
export const OAUTH_FAILURE_MESSAGES = {
  access_denied: 'You cancelled the sign-in, or the provider refused it.',
  invalid_state: 'Authentication failed due to a security check. Please try signing in again.',
  provider_error: 'The sign-in provider reported an error. Please try again.',
  no_user_data: 'Authentication failed - no user data received',
  email_in_use:
    'An account with this email already exists. Sign in with your password, then connect this provider in Settings.',
  already_linked: 'That account is already connected to another Bookshelf user.',
  not_configured: AuthMessages.providerNotConfigured,
  unknown: 'Something went wrong during sign in.',
} as const;
export type OAuthFailure = keyof typeof OAUTH_FAILURE_MESSAGES;

export function oauthFailureMessage(code: string | null | undefined): string {
  return code && code in OAUTH_FAILURE_MESSAGES
    ? OAUTH_FAILURE_MESSAGES[code as OAuthFailure]
    : OAUTH_FAILURE_MESSAGES.unknown;
}

/** The spec's name fallback (core.md §3): the provider's full name, the e-mail's local part, then User. */
export function displayName(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName && stripBidiControls(fullName).trim();
  if (name) return name.slice(0, NAME_MAX_LENGTH);
  const local = email && stripBidiControls(email.split('@')[0] ?? '').trim();
  if (local) return local.slice(0, NAME_MAX_LENGTH);
  return 'User';
}

/** API paths of this feature, shared so that the server routes and the web client cannot drift. */
export const AuthPaths = {
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  providers: '/api/auth/providers',
  forgotPassword: '/api/auth/password/forgot',
  resetPassword: '/api/auth/password/reset',
  verifyEmail: '/api/auth/verify-email',
  me: '/api/me',
  password: '/api/me/password',
  sessions: '/api/me/sessions',
  tokens: '/api/me/tokens',
  identities: '/api/me/identities',
  /** Browser navigation (not fetch): starts the provider's OAuth flow. */
  start: (provider: AuthProvider) => `/api/auth/${provider}`,
  callback: (provider: AuthProvider) => `/api/auth/${provider}/callback`,
} as const;
