import { describe, expect, it } from 'vitest';
import { LOGIN_SLOWDOWN_AFTER_FAILURES, LOGIN_SLOWDOWN_MAX_MS, loginKeys, signInDelayMs } from './sign-in-limits.js';

describe('signInDelayMs', () => {
  it('does not slow an account below the threshold', () => {
    for (let failures = 0; failures < LOGIN_SLOWDOWN_AFTER_FAILURES; failures += 1) {
      expect(signInDelayMs(failures)).toBe(0);
    }
  });

  it('then starts at 250 ms and doubles with each failure up to the cap, never beyond', () => {
    const from = LOGIN_SLOWDOWN_AFTER_FAILURES;
    expect([0, 1, 2, 3, 4].map((extra) => signInDelayMs(from + extra))).toEqual([250, 500, 1000, 2000, 3000]);
    expect(signInDelayMs(from + 1000)).toBe(LOGIN_SLOWDOWN_MAX_MS);
    expect(signInDelayMs(Number.MAX_SAFE_INTEGER)).toBe(LOGIN_SLOWDOWN_MAX_MS);
  });
});

describe('loginKeys', () => {
  it("keeps one account's keys apart from another's whose e-mail starts the same or holds ':ip:'", () => {
    const ann = loginKeys('ann@x.co');
    const other = loginKeys('ann@x.co:ip:10.0.0.1');
    expect(other.account).not.toBe(ann.pair('10.0.0.1'));
    expect(loginKeys('ann@x.com').account.startsWith(ann.addresses)).toBe(false);
    expect(ann.pair('10.0.0.1').startsWith(ann.addresses)).toBe(true);
  });
});
