import {
  ApiTokenListSchema,
  AuthPaths,
  ChangePasswordRequestSchema,
  CreateApiTokenRequestSchema,
  CreatedApiTokenSchema,
  IdParamsSchema,
  LinkedIdentityListSchema,
  MeSchema,
  type Me,
  RevokedCountSchema,
  SessionListSchema,
  UpdateProfileRequestSchema,
  AUTH_PROVIDERS,
  textInput,
  type SessionProvider,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownedPrivately, type Access, type AccessPolicy } from '../../platform/access/access.js';
import { requireSession, requireUser } from '../../platform/authentication.js';
import type { ApiTokensService } from './api-tokens.service.js';
import type { AuthService, Profile } from './auth.service.js';
import type { SessionsService } from './sessions.service.js';
import type { IdentitiesRepository } from './users.repository.js';

export interface MeRoutesDeps {
  auth: AuthService;
  sessions: SessionsService;
  apiTokens: ApiTokensService;
  identities: IdentitiesRepository;
  access: Access;
}

const tags = ['me'];

/** A linked sign-in is its user's alone; it is named by provider within the caller's own list. */
const identityAccess: AccessPolicy<{ userId: string }> = {
  resource: (identity) => ownedPrivately(identity.userId),
  notFound: 'Linked account not found',
};

export function meRoutes({ auth, sessions, apiTokens, identities, access }: MeRoutesDeps): FastifyPluginAsyncZod {
  // The me answer as sent, kept with the cached profile it was made from: every page load and refocus asks for
  // it, and the profile stays the same object until the user's data version moves (decision 034). Keyed by the
  // object, so an answer goes when its profile does.
  const sent = new WeakMap<Profile, Partial<Record<SessionProvider, string>>>();

  return async (app) => {
    app.get(
      AuthPaths.me,
      {
        config: { conditional: true },
        schema: { tags, summary: 'The signed-in user (401 when signed out)', response: { 200: MeSchema } },
      },
      async (request, reply) => {
        const { userId, provider } = requireUser(request);
        const profile = await auth.profile(userId);
        let answers = sent.get(profile);
        if (!answers) sent.set(profile, (answers = {}));
        // Serialized by the route's own serializer (and, in development and tests, checked against the schema);
        // a string with a JSON content type goes out as it is, which the schema's payload type does not express.
        const json = (answers[provider] ??= reply.serialize({ ...profile, provider }) as string);
        return reply.type('application/json; charset=utf-8').send(json as unknown as Me);
      },
    );

    app.patch(
      AuthPaths.me,
      {
        schema: {
          tags,
          summary: 'Change name, avatar or yearly reading goal',
          body: UpdateProfileRequestSchema,
          response: { 200: MeSchema },
        },
      },
      async (request) => {
        const { userId, provider } = requireUser(request);
        return auth.updateProfile(userId, request.body, provider);
      },
    );

    app.post(
      AuthPaths.password,
      {
        schema: {
          tags,
          summary:
            'Change (or set) the password; signs out every other session and revokes API tokens unless revokeApiTokens is false',
          body: ChangePasswordRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { userId, sessionKey } = requireSession(request);
        const { revokeApiTokens = true, ...passwords } = request.body;
        await auth.changePassword(userId, { ...passwords, revokeApiTokens, keepSessionKey: sessionKey });
        return reply.code(204).send(null);
      },
    );

    app.get(
      AuthPaths.sessions,
      { schema: { tags, summary: 'Where this account is signed in', response: { 200: SessionListSchema } } },
      async (request) => {
        const { userId, sessionKey } = requireSession(request);
        return { items: await sessions.list(userId, sessionKey) };
      },
    );

    app.delete(
      AuthPaths.sessions,
      { schema: { tags, summary: 'Sign out every other session', response: { 200: RevokedCountSchema } } },
      async (request) => {
        const { userId, sessionKey } = requireSession(request);
        return { revoked: await sessions.revokeAll(userId, sessionKey) };
      },
    );

    app.delete(
      `${AuthPaths.sessions}/:id`,
      { schema: { tags, summary: 'Sign out one session', params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        await sessions.revoke(userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      AuthPaths.tokens,
      { schema: { tags, summary: 'Personal API tokens', response: { 200: ApiTokenListSchema } } },
      async (request) => ({ items: await apiTokens.list(requireSession(request).userId) }),
    );

    app.post(
      AuthPaths.tokens,
      {
        schema: {
          tags,
          summary: 'Create an API token (its secret is answered once)',
          body: CreateApiTokenRequestSchema,
          response: { 201: CreatedApiTokenSchema },
        },
      },
      async (request, reply) => {
        const created = await apiTokens.create(requireSession(request).userId, request.body.name);
        return reply.code(201).send(created);
      },
    );

    app.delete(
      `${AuthPaths.tokens}/:id`,
      { schema: { tags, summary: 'Revoke an API token', params: IdParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        await apiTokens.revoke(userId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      AuthPaths.identities,
      { schema: { tags, summary: 'Social accounts linked for sign-in', response: { 200: LinkedIdentityListSchema } } },
      async (request) => {
        const rows = await identities.findByUser(requireUser(request).userId);
        return {
          items: rows.flatMap((row) => {
            const provider = AUTH_PROVIDERS.find((p) => p === row.provider);
            return provider ? [{ provider, email: row.email, createdAt: row.createdAt.toISOString() }] : [];
          }),
        };
      },
    );

    app.delete(
      `${AuthPaths.identities}/:provider`,
      {
        schema: {
          tags,
          summary: 'Unlink a social account (refused when it is the only way to sign in)',
          params: z.object({ provider: textInput().check(z.maxLength(40)) }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const linked = await identities.findByUser(userId);
        const found = linked.find((row) => row.provider === request.params.provider);
        await access.requireChangeable({ userId }, found, identityAccess);
        await auth.unlinkIdentity(userId, request.params.provider);
        return reply.code(204).send(null);
      },
    );
  };
}
