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

/** Waits for a mail to `to` in the server's outbox and returns the reset link path in it. */
export async function resetLinkFor(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        for (const file of outboxFiles().reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(file, 'utf8'));
          if (!mail.includes(to)) continue;
          const match = mail.match(/\/reset-password\/[A-Za-z0-9_-]+/);
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

export async function register(page: Page, email: string, nombre = 'Ana') {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill(nombre);
  await page.getByLabel('Apellido').fill('García');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/children$/);
}
