import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Server state for the pages that need it (the signed-in app, the status page), provided there
 * rather than at the root so that the landing page does not load the query library. Each mount
 * has its own cache: the signed-in layout mounts one per user, so nothing cached for one person
 * is shown to the next on the same browser.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        // An ended session is not retried: the app offers to sign in instead (app/SessionEndedDialog).
        // The status is read off the error rather than its class, so the status page, which
        // shares this provider, does not load the API client.
        defaultOptions: { queries: { retry: (failures, error) => failures < 1 && (error as { status?: unknown }).status !== 401, refetchOnWindowFocus: false } },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
