/**
 * The server said the session this browser holds is over: a request that carried it was answered
 * 401 `unauthorized` (signed out elsewhere, ended from another device, expired). The API client
 * tells it here; the session provider listens and offers to sign in again.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceSessionEnded() {
  listeners.forEach((listener) => listener());
}

/**
 * Whether an answer means the session itself is gone. Other 401s (a wrong password, an expired
 * two-step challenge) carry their own codes and say nothing about the session.
 */
export function endsSession(status: number, code: string | undefined): boolean {
  return status === 401 && code === 'unauthorized';
}
