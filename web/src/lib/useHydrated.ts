import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a prerendered page is only HTML (and while React takes it over), true once React
 * runs it: a form can keep its submit button off until its checks can run.
 */
export function useHydrated() {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
