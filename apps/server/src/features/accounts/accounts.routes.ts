import {
  AccountIdParamsSchema,
  AccountListSchema,
  AccountPaths,
  AccountSchema,
  CreateAccountRequestSchema,
  DeleteAccountResponseSchema,
  UpdateAccountRequestSchema,
} from '@bookshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/authentication.js';
import type { AccountsService } from './accounts.service.js';

const tags = ['accounts'];

export function accountsRoutes({ accounts }: { accounts: AccountsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      AccountPaths.list,
      {
        config: { conditional: true },
        schema: {
          tags,
          summary: 'The user’s accounts, Personal Collection first',
          response: { 200: AccountListSchema },
        },
      },
      async (request) => accounts.list(requireUser(request).userId),
    );

    app.post(
      AccountPaths.list,
      {
        schema: { tags, summary: 'Add an account', body: CreateAccountRequestSchema, response: { 201: AccountSchema } },
      },
      async (request, reply) => reply.code(201).send(await accounts.create(requireUser(request).userId, request.body)),
    );

    app.patch(
      '/api/accounts/:id',
      {
        schema: {
          tags,
          summary: 'Change an account',
          params: AccountIdParamsSchema,
          body: UpdateAccountRequestSchema,
          response: { 200: AccountSchema },
        },
      },
      async (request) => accounts.update(requireUser(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/api/accounts/:id',
      {
        schema: {
          tags,
          summary: 'Delete an account; its books move to the Personal Collection',
          params: AccountIdParamsSchema,
          response: { 200: DeleteAccountResponseSchema },
        },
      },
      async (request) => accounts.remove(requireUser(request).userId, request.params.id),
    );
  };
}
