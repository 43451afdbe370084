import { describe, expect, it } from 'vitest';
import { AuthMessages } from './auth-rules.js';
import { ChangePasswordRequestSchema, NewPasswordSchema } from './auth.js';

const messages = (value: unknown) => {
  const parsed = NewPasswordSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('NewPasswordSchema', () => {
  it.each(['        ', '\t\t\t\t\t\t\t\t', ' \n \u00a0 \u2003   ', '\u3000'.repeat(8)])(
    'refuses the all-whitespace %j',
    (password) => expect(messages(password)).toContain(AuthMessages.passwordBlank),
  );

  it('refuses fewer than 8 characters and more than 256', () => {
    expect(messages('seven77')).toEqual([AuthMessages.passwordTooShort]);
    expect(messages('x'.repeat(257))).toEqual([AuthMessages.passwordTooLong]);
  });

  it('accepts 8 characters, spaces inside included, and keeps them as typed', () => {
    expect(messages('eight888')).toEqual([]);
    expect(NewPasswordSchema.parse(' a b c d ')).toBe(' a b c d ');
  });
});

describe('ChangePasswordRequestSchema', () => {
  it('takes an optional revokeApiTokens boolean', () => {
    expect(ChangePasswordRequestSchema.parse({ newPassword: 'eight888' })).toEqual({ newPassword: 'eight888' });
    expect(ChangePasswordRequestSchema.parse({ newPassword: 'eight888', revokeApiTokens: false })).toEqual({
      newPassword: 'eight888',
      revokeApiTokens: false,
    });
    expect(ChangePasswordRequestSchema.safeParse({ newPassword: 'eight888', revokeApiTokens: 'no' }).success).toBe(
      false,
    );
  });
});
