/** The secret of an authenticator app in blocks of four, easier to type by hand: `ABCD EFGH IJKL …`. */
export function groupSecret(secret: string, size = 4): string {
  const plain = secret.replace(/\s/g, '').toUpperCase();
  return (plain.match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

/** The text of the recovery-codes file: a title, a note, then one code a line. */
export function recoveryCodesText(codes: string[], title: string, note: string): string {
  return [title, note, '', ...codes, ''].join('\n');
}

/** Saves a Blob as a file the browser downloads under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by the next tick; the address is no longer needed.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
