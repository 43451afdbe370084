import { randomUUID } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import {
  fakeOAuthBrowserSession,
  type FakeOAuthBehaviour,
  type FakeOAuthKind,
  type FakeOAuthUser,
} from '../test-support/src/fake-oauth.js';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

/** A user nobody else in the run has, so parallel journeys never see each other's data. */
export function uniqueUser(label = 'Reader'): TestUser {
  const id = randomUUID().slice(0, 8);
  return { name: `${label} ${id}`, email: `e2e-${id}@example.test`, password: `pw-${randomUUID()}` };
}

/** Base URL of the fake provider run.mjs started, or undefined when the journeys run without it. */
export function fakeProviderUrl(kind: FakeOAuthKind): string | undefined {
  return kind === 'google' ? process.env.E2E_GOOGLE_URL : process.env.E2E_TWITTER_URL;
}

/**
 * Signs this browser into the fake provider as `user`, with `behaviour` for its next consent. The choice
 * lives in the browser's cookies, so it holds for this test only, however many run at once.
 */
export async function useFakeProviderAccount(
  context: BrowserContext,
  kind: FakeOAuthKind,
  session: { user?: FakeOAuthUser; behaviour?: FakeOAuthBehaviour },
): Promise<void> {
  const url = fakeProviderUrl(kind);
  if (!url) throw new Error(`No fake ${kind} provider: run the journeys with npm run test:e2e`);
  const { name, value } = fakeOAuthBrowserSession(kind, session);
  await context.addCookies([{ name, value, url }]);
}

/** Waits for every finite CSS transition and animation on the page to finish; spinners run on. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core on the page as it is (open dialogs included) and fails on any serious or critical violation of
 * WCAG 2.2 A/AA or axe's best practices. Label-in-name (WCAG 2.5.3) is still "experimental" in axe, so it is
 * switched on by name: a control's accessible name must contain the text it shows.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Colours measured mid-transition (a theme switch, a dialog fading in) would be neither theme's.
  await settleAnimations(page);
  // One options object: AxeBuilder#options replaces what withTags would have set.
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
      },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
    }));
  expect(serious, `serious accessibility violations on ${screen}`).toEqual([]);
}

let addresses = 0;
/** A documentation-range address (RFC 5737) not used before in this run: one block per Playwright worker. */
const distinctAddress = () => {
  addresses += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 50;
  return `198.51.${100 + worker * 2 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

interface Fixtures {
  /** Registers a fresh user through the API and signs the page's browser context in as that user. */
  login: (user?: Partial<TestUser>) => Promise<TestUser>;
}

export const test = base.extend<Fixtures>({
  login: async ({ page }, use) => {
    await use(async (overrides = {}) => {
      const user = { ...uniqueUser(), ...overrides };
      // page.request shares the context's cookie jar, so the session cookie the API sets lands in the browser.
      // Each test's reader signs up from an address of their own, as people do (the server runs behind a trusted
      // proxy here): the per-address sign-up limit then counts people, not the whole suite.
      const res = await page.request.post('/api/auth/register', {
        headers: { 'x-requested-with': 'e2e', 'x-forwarded-for': distinctAddress() },
        data: user,
      });
      expect(res.status(), await res.text()).toBe(201);
      const cookies = await page.context().cookies();
      expect(cookies.length, 'register answered without a session cookie').toBeGreaterThan(0);
      return user;
    });
  },
});

export { expect };
