import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/Spinner';
import { useSession } from '../lib/session';
import { loginPathFor } from '../lib/nextPath';

/** Spec §4: a spinner while the session is checked, the page with a user, else /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, left } = useSession();
  const location = useLocation();
  if (loading) return <Loading />;
  // Who just signed out is not sent back here next time.
  if (!user && left) return <Navigate to="/login" replace />;
  // The page asked for travels in the address too, so it survives a reload of the sign-in page.
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
