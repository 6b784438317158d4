import { groupSecret, recoveryCodesText } from './twoFactor';

describe('groupSecret', () => {
  it('shows a base32 secret in blocks of four, upper case', () => {
    expect(groupSecret('jbswy3dpehpk3pxpjbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });

  it('leaves a shorter last block, and ignores spaces already there', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('AB CD EF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });

  it('keeps every character, so the grouped key types back to the same secret', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(groupSecret(secret).replace(/ /g, '')).toBe(secret);
  });
});

describe('recoveryCodesText', () => {
  it('puts the title and note first, then one code a line', () => {
    expect(recoveryCodesText(['k7m2-x9pq-4hzt', 'abcd-efgh-jkmn'], 'Nido: recovery codes for ana@x.org', 'Each code works once.')).toBe(
      'Nido: recovery codes for ana@x.org\nEach code works once.\n\nk7m2-x9pq-4hzt\nabcd-efgh-jkmn\n',
    );
  });
});
