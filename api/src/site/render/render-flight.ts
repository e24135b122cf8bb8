/**
 * One render per page address at a time (single flight), and how long a visitor waits for it.
 *
 * Visitors' pages are the same for everyone at one cache key, so concurrent misses for that key wait
 * for the first render and are answered with its page instead of each starting their own. A render
 * that fails releases its waiters, who then render for themselves (they never hang on it).
 */

/**
 * A server render with no stale copy to fall back on may take this many times SSR_BUDGET_MS before
 * its slow regions are left to the browser: a slower page with its text beats a fast empty one.
 */
export const RENDER_CAP_FACTOR = 3;

export interface RenderFlights<T> {
  /** The render in flight for `key`, if any. */
  joining(key: string): Promise<T> | undefined;
  /** Starts `render` as the flight for `key`; it leaves the map once it settles. */
  lead(key: string, render: () => Promise<T>): Promise<T>;
  /** Renders in flight (for tests and metrics). */
  size(): number;
}

export function renderFlights<T>(): RenderFlights<T> {
  const flights = new Map<string, Promise<T>>();
  return {
    joining: (key) => flights.get(key),
    lead(key, render) {
      const flight = Promise.resolve()
        .then(render)
        .finally(() => {
          if (flights.get(key) === flight) flights.delete(key);
        });
      flights.set(key, flight);
      return flight;
    },
    size: () => flights.size,
  };
}

/** `flight`'s value if it settles within `ms`, else 'late' (it keeps running); rejects as it does. */
export function within<T>(flight: Promise<T>, ms: number): Promise<{ value: T } | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    flight.then((value) => ({ value })),
    new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, ms));
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}
