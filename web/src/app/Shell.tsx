import { StrictMode, type ReactNode } from 'react';
import { SessionProvider } from '../features/accounts/session';
import { LanguageSync } from './LanguageSync';

/** What wraps the router in the browser and when pages are prerendered: the two must match. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <SessionProvider>
        <LanguageSync />
        {children}
      </SessionProvider>
    </StrictMode>
  );
}
