// Module resolution for server builds (registered with node:module `register`, runs in Node's loader
// thread). Plain JavaScript: loader hooks run before any TypeScript loader could apply.
//
// A server build (the shell's or a remote release's, wherever it lies on disk) leaves the shared
// singletons and Node-only libraries to the host process. Here every bare import from a server build
// resolves as if made by the host, so there is exactly one React, one router, one query client
// library… in the process, and the @agency/ui shared runtime modules resolve to the files the shell's
// server build emitted for them.

/** @type {{ shared: Record<string, string>, host: string, roots: string[] }} */
let config = { shared: {}, host: '', roots: [] };

export function initialize(data) {
  config = data;
}

const isBare = (specifier) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(specifier);

export async function resolve(specifier, context, nextResolve) {
  const shared = config.shared[specifier];
  if (shared) return { url: shared, shortCircuit: true };
  const parent = context.parentURL ?? '';
  if (isBare(specifier) && config.roots.some((root) => parent.startsWith(root))) {
    return nextResolve(specifier, { ...context, parentURL: config.host });
  }
  return nextResolve(specifier, context);
}
