import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'buenas-noches-2026';

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

function outboxFiles(): string[] {
  const dir = join(process.env.NIDO_E2E_DATA_DIR ?? '', 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  } catch {
    return [];
  }
}

function decodeQuotedPrintable(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` in the server's outbox and returns the first match of `pattern` in it. */
async function linkInMailTo(to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const file of outboxFiles().reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(file, 'utf8'));
          if (!mail.includes(to)) continue;
          const match = mail.match(pattern);
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link;
}

/** The reset link path in the latest mail to `to`. */
export function resetLinkFor(to: string): Promise<string> {
  return linkInMailTo(to, /\/reset-password\/[A-Za-z0-9_-]+/);
}

/** The /verify-email link path in the latest address-verification mail to `to`. */
export function verifyLinkFor(to: string): Promise<string> {
  return linkInMailTo(to, /\/verify-email\/[A-Za-z0-9_-]+/);
}

/** The /register-invited link (path and query) in the latest invitation mail to `to`. */
export async function invitationLinkFor(to: string): Promise<string> {
  return (await linkInMailTo(to, /\/register-invited\?[^\s"'<>]+/)).replace(/&amp;/g, '&');
}

/** Every mail to `to` in the server's outbox so far, oldest first, decoded. */
export function mailsTo(to: string): string[] {
  return outboxFiles()
    .map((file) => decodeQuotedPrintable(readFileSync(file, 'utf8')))
    .filter((mail) => mail.includes(to));
}

/** The /unsubscribe link (path and query) in the latest notification mail to `to`. */
export async function unsubscribeLinkFor(to: string): Promise<string> {
  return (await linkInMailTo(to, /\/unsubscribe\?t=[A-Za-z0-9_.%-]+/)).replace(/&amp;/g, '&');
}

/** Resolves once the page's live stream has answered: what changes after it reaches the page. */
export const liveStream = (page: Page) => page.waitForResponse((r) => r.url().includes('/api/tiempo-real?') && r.status() === 200);

/**
 * Waits until no dialog is open and the app has gone Back over the history entry its dialog added
 * (components/useBackCloses.ts). That Back comes a moment after the dialog closes; a `page.goto`
 * or `page.reload` started before it would be cancelled by it (net::ERR_ABORTED).
 */
export async function dialogClosed(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window.history.state as { nidoDialog?: string } | null)?.nidoDialog ?? null)).toBeNull();
}

/** Calls the API as the signed-in user of `page` (the token the app keeps in localStorage). */
export async function callApi<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: { data: T } }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const answer = await fetch(path as string, {
        method: method as string,
        headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, json: await answer.json().catch(() => null) };
    },
    [method, path, body] as const,
  );
}

/** Registers in the browser, as a new parent who says how they relate to the children (madre unless told). */
export async function register(page: Page, email: string, nombre = 'Ana', relacion = 'madre') {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill(nombre);
  await page.getByLabel('Apellido').fill('García');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Tu relación con los niños').selectOption(relacion);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/children$/);
}

// ---- two-step verification (RFC 6238: SHA-1, 30-second steps, 6 digits) ----

const TOTP_STEP_SECONDS = 30;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app shows for `secret` (base32, spaces allowed) at `at`. */
export function totp(secret: string, at: Date = new Date()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const number = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return number.toString().padStart(6, '0');
}

/**
 * Waits for the app's next code and gives it: the server takes each code once, so a second code
 * right after the first must come from the next 30-second window.
 */
export async function nextTotp(secret: string): Promise<string> {
  const spent = totp(secret);
  await expect.poll(() => totp(secret), { timeout: (TOTP_STEP_SECONDS + 5) * 1000 }).not.toBe(spent);
  return totp(secret);
}

/**
 * Opens a page and waits until the app runs it: public pages arrive prerendered, and a click
 * or keystroke before the app takes the HTML over would do nothing.
 */
export async function openLive(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
}
