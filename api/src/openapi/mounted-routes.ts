import type { Express } from 'express';

/** One route an Express app answers: method (lower case) and path in OpenAPI form (`/api/x/{id}`). */
export interface MountedRoute {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[];
  name: string;
  handle: { stack?: Layer[] };
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: Layer[] };
}

const paths = (p: Layer['rawPath']): string[] =>
  p === undefined ? [''] : (Array.isArray(p) ? p : [p]).map((x) => (typeof x === 'string' ? x : String(x)));

const join = (prefix: string, path: string) => `${prefix}${path === '/' ? '' : path}` || '/';

/** `/media/:id` → `/media/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * Every route of the app as its router stack holds it (Express 5's `router` keeps each layer's
 * `rawPath`): routes with their methods, routers walked with their mount path, and static-file
 * mounts as `GET <mount>/{file}`. Other middleware answers nothing of its own and is left out.
 */
export function mountedRoutes(app: Express): MountedRoute[] {
  const found: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of paths(layer.route.path)) {
          for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
            found.push({ method, path: openApiPath(join(prefix, path)) });
          }
        }
      } else if (layer.handle.stack) {
        for (const path of paths(layer.rawPath))
          walk(layer.handle.stack, path === '/' ? prefix : prefix + path);
      } else if (layer.name === 'serveStatic') {
        for (const path of paths(layer.rawPath))
          found.push({ method: 'get', path: `${join(prefix, path)}/{file}` });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}
