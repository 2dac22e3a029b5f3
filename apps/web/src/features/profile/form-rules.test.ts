import { describe, expect, it } from 'vitest';
import { detailsProblems, passwordProblems } from './form-rules';

describe('detailsProblems', () => {
  it('needs a name and, when given, a valid e-mail', () => {
    expect(detailsProblems({ displayName: '  ', email: 'not-an-address' })).toEqual({
      displayName: 'nameRequired',
      email: 'emailInvalid',
    });
    expect(detailsProblems({ displayName: 'Ada', email: '' })).toEqual({});
    expect(detailsProblems({ displayName: 'Ada', email: ' ada@example.com ' })).toEqual({});
  });
});

describe('passwordProblems', () => {
  const good = 'a-long-enough-passphrase';

  it('names each problem at its own field', () => {
    expect(passwordProblems({ currentPassword: '', newPassword: 'short', confirmPassword: '' })).toEqual({
      currentPassword: 'currentPasswordRequired',
      newPassword: 'newPasswordTooShort',
    });
    expect(passwordProblems({ currentPassword: 'old', newPassword: good, confirmPassword: `${good}x` })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
    expect(passwordProblems({ currentPassword: good, newPassword: good, confirmPassword: good })).toEqual({
      newPassword: 'newPasswordSame',
    });
    expect(passwordProblems({ currentPassword: 'old', newPassword: 'x'.repeat(129), confirmPassword: '' })).toEqual({
      newPassword: 'newPasswordTooLong',
    });
  });

  it('accepts 12 to 128 characters that match', () => {
    expect(
      passwordProblems({ currentPassword: 'old', newPassword: 'x'.repeat(12), confirmPassword: 'x'.repeat(12) }),
    ).toEqual({});
  });
});
