import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * Server state for the pages that need it (the signed-in app, the status page), provided there
 * rather than at the root so that the landing page does not load the query library. Each mount
 * has its own cache: the signed-in layout mounts one per user, so nothing cached for one person
 * is shown to the next on the same browser.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
