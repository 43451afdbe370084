import {
  AuthMessages,
  AuthPaths,
  AuthProvidersSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MeSchema,
  MessageSchema,
  RegisterRequestSchema,
  VerifyEmailRequestSchema,
  ResetPasswordRequestSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from './auth.service.js';
import type { OAuthService } from './oauth.service.js';
import type { SessionCookies } from './session-cookie.js';

export interface AuthRoutesDeps {
  auth: AuthService;
  oauth: OAuthService;
  cookies: SessionCookies;
  /** Where e-mailed links point: PUBLIC_URL, never the request's Host header (which a caller controls). */
  appOrigin: string;
}

const tags = ['auth'];
/** Signing in, up and out, and resetting a password are for callers without a session. */
const SIGNED_OUT = { anonymous: true };

export function authRoutes({ auth, oauth, cookies, appOrigin }: AuthRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      AuthPaths.register,
      {
        config: SIGNED_OUT,
        schema: {
          tags,
          summary: 'Create an account and sign in; with mail set up, e-mail a link that does',
          body: RegisterRequestSchema,
          response: { 201: MeSchema, 202: MessageSchema },
        },
      },
      async (request, reply) => {
        if (auth.signUpByMail) {
          // The same answer whether or not the address is taken (issue 27); the mail tells the two apart.
          await auth.requestSignUp(request.body, request.ip, {
            linkBase: `${appOrigin}/verify-email?token=`,
            signInUrl: `${appOrigin}/`,
          });
          return reply.code(202).send({ message: AuthMessages.signUpCheckMail });
        }
        const user = await auth.register(request.body, request.ip);
        await cookies.signIn(request, reply, user.id, { persistent: false, provider: 'password' });
        return reply.code(201).send(auth.present(user, 'password'));
      },
    );

    app.post(
      AuthPaths.verifyEmail,
      {
        config: SIGNED_OUT,
        schema: {
          tags,
          summary: 'Create the account from an e-mailed sign-up link and sign in',
          body: VerifyEmailRequestSchema,
          response: { 201: MeSchema },
        },
      },
      async (request, reply) => {
        const user = await auth.verifySignUp(request.body.token);
        await cookies.signIn(request, reply, user.id, { persistent: false, provider: 'password' });
        return reply.code(201).send(auth.present(user, 'password'));
      },
    );

    app.post(
      AuthPaths.login,
      {
        config: SIGNED_OUT,
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: LoginRequestSchema,
          response: { 200: MeSchema },
        },
      },
      async (request, reply) => {
        const user = await auth.login(request.body, request.ip);
        await cookies.signIn(request, reply, user.id, {
          persistent: request.body.remember ?? false,
          provider: 'password',
        });
        return auth.present(user, 'password');
      },
    );

    app.post(
      AuthPaths.logout,
      { config: SIGNED_OUT, schema: { tags, summary: 'Sign out this browser', response: { 204: z.null() } } },
      async (request, reply) => {
        await cookies.signOut(request, reply);
        return reply.code(204).send(null);
      },
    );

    app.get(
      AuthPaths.providers,
      {
        config: SIGNED_OUT,
        schema: { tags, summary: 'Social sign-in providers configured here', response: { 200: AuthProvidersSchema } },
      },
      async () => ({ providers: oauth.configuredProviders() }),
    );

    app.post(
      AuthPaths.forgotPassword,
      {
        config: SIGNED_OUT,
        schema: {
          tags,
          summary: 'E-mail a one-time password reset link',
          body: ForgotPasswordRequestSchema,
          response: { 202: MessageSchema },
        },
      },
      async (request, reply) => {
        await auth.requestPasswordReset(request.body.email, request.ip, `${appOrigin}/reset-password?token=`);
        return reply.code(202).send({ message: AuthMessages.resetRequested });
      },
    );

    app.post(
      AuthPaths.resetPassword,
      {
        config: SIGNED_OUT,
        schema: {
          tags,
          summary: 'Set a new password from a reset link; ends every other session',
          body: ResetPasswordRequestSchema,
          response: { 200: MeSchema },
        },
      },
      async (request, reply) => {
        const user = await auth.resetPassword(request.body.token, request.body.password);
        // Every session of the account ended with the reset; this browser gets a fresh one.
        await cookies.signIn(request, reply, user.id, { persistent: false, provider: 'password' });
        return auth.present(user, 'password');
      },
    );
  };
}
