import { useSyncExternalStore } from 'react';

/** Chromium's offer to install the app (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Chromium offers installing once per page load, often before the signed-in app has loaded:
 * main.tsx calls this at start so the offer waits for the app's own "Install" button.
 */
export function keepInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** A function that asks the browser to install Nido, while the browser offers it; else null. */
export function useInstall(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offer,
    () => null,
  );
  if (!current) return null;
  return async () => {
    await current.prompt();
    // An offer is good for one prompt, whatever the answer.
    if (offer === current) offer = null;
    changed();
  };
}
