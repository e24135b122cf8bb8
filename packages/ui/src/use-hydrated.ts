import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and while that HTML is being hydrated, true once this component runs in
 * the browser. For controls that only work with JavaScript (the blog's Share button): they are not
 * shown until then. Forms do not need it: they post to the server by themselves (see FormRoutes).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
