import { formatDay as dayInWords } from './format';


/** Linking codes are 8 characters of this alphabet (no 0/O, 1/I/L: easy to read aloud). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/** What the person typed, as the server expects it: upper case, without spaces or dashes. */
export function normaliseCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** "ABCD2345" → "ABCD 2345": two groups of four, easier to dictate over the phone. */
export function spacedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The link that opens registration with the code filled in. */
export function shareLink(origin: string, inviterId: string, code: string): string {
  const query = new URLSearchParams({ invitedBy: inviterId, code });
  return `${origin}/register-invited?${query.toString()}`;
}

/** An RFC 3339 instant as a day in the interface language, e.g. "30 de noviembre de 2026". */
export function formatDay(instant: string, language: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return dayInWords(date, language);
}

/** Whether an invitation can no longer be used because of its date (or the server says so). */
export function isExpired(invitation: { estado: string; expiresAt: string }, now: Date = new Date()): boolean {
  return invitation.estado === 'vencida' || new Date(invitation.expiresAt).getTime() <= now.getTime();
}

/**
 * Puts a text on the clipboard; false when the browser cannot (no permission, not a secure page),
 * and the caller then asks the person to copy it by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
