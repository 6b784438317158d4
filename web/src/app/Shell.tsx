import { StrictMode, type ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { APP_FORGETTING } from './forgetting';
import { LanguageSync } from './LanguageSync';

/** What wraps the router in the browser and when pages are prerendered: the two must match. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider forgetting={APP_FORGETTING}>
        <LanguageSync />
        {children}
      </SessionProvider>
    </StrictMode>
  );
}
