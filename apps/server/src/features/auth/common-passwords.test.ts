import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.data.js';
import { isCommonPassword } from './common-passwords.js';

describe('isCommonPassword', () => {
  it('ships ten thousand passwords, none empty', () => {
    const list = COMMON_PASSWORDS.split('\n');
    expect(list.length).toBe(10_000);
    expect(list).not.toContain('');
  });

  it.each(['password', 'PASSWORD', 'Password', ' baseball ', 'trustno1', 'iloveyou', '12345678', 'qwertyuiop'])(
    'refuses %j',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['correct horse battery', 'password!x9', 'Tr0ub4dor&3 of mine', ''])('accepts %j', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
