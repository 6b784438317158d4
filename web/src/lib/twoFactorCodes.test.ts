import i18n from '../i18n';
import { codeSchema, compactCode, isAppCode, isRecoveryCode } from './twoFactorCodes';

describe('two-step verification codes', () => {
  it('reads a code as the server does: no spaces or dashes, lower case', () => {
    expect(compactCode(' 123 456 ')).toBe('123456');
    expect(compactCode('K7M2-X9PQ-4HZT')).toBe('k7m2x9pq4hzt');
  });

  it('knows a code from the app: six digits', () => {
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('123 456')).toBe(true);
    expect(isAppCode('12345')).toBe(false);
    expect(isAppCode('1234567')).toBe(false);
    expect(isAppCode('12345a')).toBe(false);
  });

  it('knows a recovery code: twelve letters and digits, dashes optional', () => {
    expect(isRecoveryCode('k7m2-x9pq-4hzt')).toBe(true);
    expect(isRecoveryCode('K7M2X9PQ4HZT')).toBe(true);
    expect(isRecoveryCode('k7m2-x9pq')).toBe(false);
    expect(isRecoveryCode('k7m2-x9pq-4hz!')).toBe(false);
    expect(isRecoveryCode('123456')).toBe(false);
  });

  it('asks for the kind of code the form is for', () => {
    const t = i18n.getFixedT('es');
    const message = (kind: 'app' | 'recovery', code: string) => codeSchema(t, kind).safeParse({ code }).error?.issues[0]?.message;
    expect(message('app', '')).toBe('Escribe el código');
    expect(message('app', '12 34')).toBe('El código tiene 6 dígitos');
    expect(message('app', 'k7m2-x9pq-4hzt')).toBe('El código tiene 6 dígitos');
    expect(message('recovery', '123456')).toBe('Un código de recuperación tiene 12 letras y números, como k7m2-x9pq-4hzt');
    expect(message('app', '654321')).toBeUndefined();
    expect(message('recovery', 'k7m2-x9pq-4hzt')).toBeUndefined();
  });
});
