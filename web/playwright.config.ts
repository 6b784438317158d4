import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// NIDO_E2E_PORT lets two runs on one machine use different ports.
const PORT = Number(process.env.NIDO_E2E_PORT ?? 8765);
const BASE = `http://127.0.0.1:${PORT}`;
// A fresh data directory per run: the e2e tests read mails from its outbox.
const dataDir = process.env.NIDO_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'nido-e2e-'));
process.env.NIDO_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  // One spec at a time. With two at once, the new-conversation dialog now and then listed no one
  // but its opener: it could open before the families had loaded and then stayed on none (fixed,
  // with a unit test). Two workers are yet to be tried again over several runs.
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // A loaded machine can take longer to reach a state: an assertion waits up to 15 s for it (a
  // passing one still returns as soon as the state is there).
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE,
    locale: 'es-AR',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // NIDO_E2E_BIN lets a run use another build of the server (the release binary by default).
    command: `${process.env.NIDO_E2E_BIN ?? '../target/release/nido'} serve`,
    url: `${BASE}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      NIDO_ADDR: `127.0.0.1:${PORT}`,
      NIDO_PUBLIC_URL: BASE,
      NIDO_DATA_DIR: dataDir,
      NIDO_RATE_LIMITS: 'off',
      // Notices are mailed at once: the specs read them from the outbox.
      NIDO_MAIL_DELAY_SECONDS: '0',
      // The push specs run their own push service on this machine.
      NIDO_PUSH_ALLOW_LOOPBACK: 'on',
      RUST_LOG: 'warn',
    },
  },
});
