import {
  AccountSchema,
  ApiErrorSchema,
  ApiTokenListSchema,
  ApiTokenSchema,
  AuthProvidersSchema,
  BookFacetsSchema,
  BookIdsRequestSchema,
  BookListSchema,
  BookSchema,
  BookStateSchema,
  BulkUpdateBooksRequestSchema,
  ChangePasswordRequestSchema,
  CreateAccountRequestSchema,
  CreateApiTokenRequestSchema,
  CreateBookRequestSchema,
  CreatedApiTokenSchema,
  ForgotPasswordRequestSchema,
  HealthSchema,
  LinkedIdentityListSchema,
  LoginRequestSchema,
  MeSchema,
  MessageSchema,
  MoneySchema,
  PriceAlertSchema,
  PricePointSchema,
  PurchaseInfoSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  RevokedCountSchema,
  SessionInfoSchema,
  SessionListSchema,
  SpecialEditionSchema,
  UpdateAccountRequestSchema,
  UpdateBookRequestSchema,
  UpdateProfileRequestSchema,
} from '@bookshelf/contract';
import { z } from 'zod';

/**
 * The contract's schemas that /api/docs names as components (#/components/schemas/<name>). They are registered
 * here, when the server builds its document, not in the contract: a registry call at a module's top level is
 * a side effect, and would keep every schema in the web bundle whether a page uses it or not.
 */
export const OPENAPI_COMPONENTS = {
  Account: AccountSchema,
  ApiError: ApiErrorSchema,
  ApiTokenList: ApiTokenListSchema,
  ApiToken: ApiTokenSchema,
  AuthProviders: AuthProvidersSchema,
  BookFacets: BookFacetsSchema,
  BookIdsRequest: BookIdsRequestSchema,
  BookList: BookListSchema,
  Book: BookSchema,
  BookState: BookStateSchema,
  BulkUpdateBooksRequest: BulkUpdateBooksRequestSchema,
  ChangePasswordRequest: ChangePasswordRequestSchema,
  CreateAccountRequest: CreateAccountRequestSchema,
  CreateApiTokenRequest: CreateApiTokenRequestSchema,
  CreateBookRequest: CreateBookRequestSchema,
  CreatedApiToken: CreatedApiTokenSchema,
  ForgotPasswordRequest: ForgotPasswordRequestSchema,
  Health: HealthSchema,
  LinkedIdentityList: LinkedIdentityListSchema,
  LoginRequest: LoginRequestSchema,
  Me: MeSchema,
  Message: MessageSchema,
  Money: MoneySchema,
  PriceAlert: PriceAlertSchema,
  PricePoint: PricePointSchema,
  PurchaseInfo: PurchaseInfoSchema,
  RegisterRequest: RegisterRequestSchema,
  ResetPasswordRequest: ResetPasswordRequestSchema,
  RevokedCount: RevokedCountSchema,
  SessionInfo: SessionInfoSchema,
  SessionList: SessionListSchema,
  SpecialEdition: SpecialEditionSchema,
  UpdateAccountRequest: UpdateAccountRequestSchema,
  UpdateBookRequest: UpdateBookRequestSchema,
  UpdateProfileRequest: UpdateProfileRequestSchema,
};

/** Idempotent: every app built in one process (tests build many) shares zod's global registry. */
export function registerOpenApiComponents(): void {
  for (const [id, schema] of Object.entries(OPENAPI_COMPONENTS)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
