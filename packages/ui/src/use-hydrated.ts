import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and while that HTML is being hydrated, true once this component runs in
 * the browser. A form's submit button stays disabled until then, so a click or Enter before the code
 * arrives cannot trigger the browser's own submission (which would put the fields into the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
