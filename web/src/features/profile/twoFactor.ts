/** The secret of an authenticator app in blocks of four, easier to type by hand: `ABCD EFGH IJKL …`. */
export function groupSecret(secret: string, size = 4): string {
  const plain = secret.replace(/\s/g, '').toUpperCase();
  return (plain.match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

/** The text of the recovery-codes file: a title, a note, then one code a line. */
export function recoveryCodesText(codes: string[], title: string, note: string): string {
  return [title, note, '', ...codes, ''].join('\n');
}
