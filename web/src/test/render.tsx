import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionProvider } from '../lib/session';
import { APP_FORGETTING } from '../app/forgetting';

/** Renders routes inside a memory router and the real session provider. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionProvider forgetting={APP_FORGETTING}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const page = (text: string): ReactNode => <p>{text}</p>;
