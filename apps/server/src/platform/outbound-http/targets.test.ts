import { describe, expect, it } from 'vitest';
import type { OutboundHttpError } from './errors.js';
import { checkTarget, targetRules } from './targets.js';

const refusal = (rules: ReturnType<typeof targetRules>, url: string) => {
  try {
    checkTarget(rules, new URL(url), 'test');
    return undefined;
  } catch (error) {
    return (error as OutboundHttpError).kind;
  }
};

describe('the host allow-list', () => {
  it('allows listed hosts and, for a *. entry, every host under that domain but not the look-alikes', () => {
    const rules = targetRules({ hosts: ['covers.openlibrary.org', '*.archive.org'] });
    expect(refusal(rules, 'https://covers.openlibrary.org/b/isbn/1-L.jpg')).toBeUndefined();
    expect(refusal(rules, 'https://ia800100.us.archive.org/view/1.jpg')).toBeUndefined();
    expect(refusal(rules, 'https://archive.org.evil.example/1.jpg')).toBe('refused-host');
    expect(refusal(rules, 'https://evilarchive.org/1.jpg')).toBe('refused-host');
    expect(refusal(rules, 'https://openlibrary.org/')).toBe('refused-host');
    expect(refusal(rules, 'ftp://covers.openlibrary.org/')).toBe('refused-host');
  });

  it('still refuses a private address written in the URL under a wildcard', () => {
    const rules = targetRules({ hosts: ['*.example.org', '127.0.0.1'] });
    expect(refusal(rules, 'http://127.0.0.1/')).toBe('refused-address');
  });
});
