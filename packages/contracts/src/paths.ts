import { match, type MatchFunction } from 'path-to-regexp';

/**
 * Paths as data: a path is declared once as a pattern (`/api/blog-posts/:slug`), and links, mounts,
 * OpenAPI paths and cache keys are built from it; the server reads paths with path-to-regexp (as
 * Express and React Router do). A pattern's parameters are part of its type, so a link that leaves
 * one out does not compile.
 */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** The parameters a pattern's builder takes: none for a fixed path. */
export type PathArgs<P extends string> = [ParamNames<P>] extends [never] ? [] : [params: PathParams<P>];

const matchers = new Map<string, MatchFunction<Partial<Record<string, string>>>>();

/** `fillPath('/blog/:slug', { slug: 'a b' })` → `/blog/a%20b` (each parameter escaped as one segment). */
export const fillPath = <P extends string>(pattern: P, ...[params]: PathArgs<P>): string =>
  fillPattern(pattern, params ?? {});

/**
 * fillPath for a pattern known only at run time (a table's entry). Patterns have `:name` segments only
 * (paths.test.ts holds every table to that, and to path-to-regexp's `compile` giving the same links),
 * so links are filled without the pattern parser: browsers build links, only the server matches.
 */
export function fillPattern(pattern: string, params: Readonly<Record<string, string | number>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** The decoded parameters of `path` when it has the pattern's shape; undefined otherwise (or a bad escape). */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  let test = matchers.get(pattern);
  if (!test) matchers.set(pattern, (test = match(pattern)));
  try {
    const found = test(path);
    return found ? { ...(found.params as Record<string, string>) } : undefined;
  } catch {
    return undefined;
  }
}

/** `/api/blog-posts/:slug` → `/api/blog-posts/{slug}` (OpenAPI's form). */
export const openApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
