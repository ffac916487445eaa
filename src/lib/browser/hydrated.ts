// Whether an island has hydrated, for islands that must first render what the server rendered.
import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: the value changes once, when hydration ends, and React renders again then by itself. */
const noSubscription = () => () => {};

/** False on the server and while React hydrates the server's HTML; true from the render after hydration on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
