import type { Request } from 'express';

/** The label of requests no route answered (static files, 404s): one value, so cardinality stays bounded. */
export const UNMATCHED = 'unmatched';

const routeSlot = Symbol('route');
const patternSlot = Symbol('routePattern');
type PatternedRequest = Request & { [routeSlot]?: unknown; [patternSlot]?: string };
const instrumented = new WeakSet<object>();

/**
 * How many distinct patterns there may be: the app's own routes are far fewer. Past it a pattern is
 * `unmatched`, so no client spelling can grow the set of labels, whatever Express lets through.
 */
const MAX_PATTERNS = 300;
const known = new Set<string>();
/** What a pattern from the app's own code looks like (mounts and routes are written in lower case). */
const PATTERN_SHAPE = /^\/[a-z0-9/:_.{}*-]*$/;

/**
 * A route pattern as a label: Express matches mount paths in any letter case and puts the client's
 * spelling in `baseUrl` (`/aPi/client-errors`), so the mount part is lower-cased; anything that still
 * does not look like a pattern the code wrote, or is new once the set is full, is `unmatched`.
 */
function asLabel(pattern: string): string {
  if (known.has(pattern)) return pattern;
  if (!PATTERN_SHAPE.test(pattern) || known.size >= MAX_PATTERNS) return UNMATCHED;
  known.add(pattern);
  return pattern;
}

/** Records the pattern that answers `req` (a public read or a page, which know theirs without routing). */
export function setRoutePattern(req: Request, pattern: string) {
  (req as PatternedRequest)[patternSlot] = asLabel(pattern);
}

/** The pattern of the route that answered, `unmatched` when none did. */
export const routePatternOf = (req: Request): string => (req as PatternedRequest)[patternSlot] ?? UNMATCHED;

/**
 * Express tells which route answered (`req.route`) but not where its router was mounted, and by the
 * time the answer is finished that mount path is gone. So note both the moment the route matches:
 * an accessor on the app's request prototype (installed once) sees every `req.route = …`.
 */
export function rememberRoutePatterns(requestPrototype: object) {
  if (instrumented.has(requestPrototype)) return;
  instrumented.add(requestPrototype);
  Object.defineProperty(requestPrototype, 'route', {
    configurable: true,
    get(this: PatternedRequest) {
      return this[routeSlot];
    },
    set(this: PatternedRequest, value: unknown) {
      this[routeSlot] = value;
      const path = (value as { path?: unknown } | undefined)?.path;
      if (typeof path === 'string') {
        const base = this.baseUrl.toLowerCase();
        this[patternSlot] = asLabel(path === '/' && base ? base : base + path);
      }
    },
  });
}
