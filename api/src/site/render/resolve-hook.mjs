// Module resolution for server builds: node:module `registerHooks` runs it in the main thread where
// Node has that (22.15, 23.5 and later), else `register` runs it in Node's loader thread. Plain
// JavaScript: loader hooks run before any TypeScript loader could apply.
//
// A server build (the shell's or a remote release's, wherever it lies on disk) leaves the shared
// singletons and Node-only libraries to the host process. Here every bare import from a server build
// resolves as if made by the host, so there is exactly one React, one router, one query client
// library… in the process, and the @agency/ui shared runtime modules resolve to the files the shell's
// server build emitted for them.

/** @typedef {{ shared: Record<string, string>, host: string, roots: string[] }} SharedResolution */

const isBare = (specifier) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(specifier);

/**
 * The resolution itself, synchronous when `nextResolve` is (module.registerHooks, in the main
 * thread), a promise when it is not (module.register's loader thread).
 * @param {SharedResolution} config
 */
export function resolveShared(config, specifier, context, nextResolve) {
  const shared = config.shared[specifier];
  if (shared) return { url: shared, shortCircuit: true };
  const parent = context.parentURL ?? '';
  if (isBare(specifier) && config.roots.some((root) => parent.startsWith(root))) {
    return nextResolve(specifier, { ...context, parentURL: config.host });
  }
  return nextResolve(specifier, context);
}

// module.register's form (Node without module.registerHooks): the config arrives through initialize.
/** @type {SharedResolution} */
let config = { shared: {}, host: '', roots: [] };

export function initialize(data) {
  config = data;
}

export function resolve(specifier, context, nextResolve) {
  return resolveShared(config, specifier, context, nextResolve);
}
