import { expect } from 'vitest';
import { ProviderError, type FileProvider, type ListedFile, type ProviderAuth } from './provider.js';

/** What the providers' tests share (not shipped: only *.test.ts files import it). */

/** Every page of a full listing, as a sync walks it. */
export async function listAll(
  provider: FileProvider,
  auth: ProviderAuth,
): Promise<{ files: ListedFile[]; pages: number }> {
  const files: ListedFile[] = [];
  let token: string | null = null;
  let pages = 0;
  do {
    const page = await provider.listPage(auth, token);
    files.push(...page.files);
    token = page.nextPageToken;
    pages += 1;
  } while (token !== null);
  return { files, pages };
}

/** The ProviderError a call failed with; the test fails when it succeeded or failed otherwise. */
export async function providerFailure(work: Promise<unknown>): Promise<ProviderError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
