// Types of resolve-hook.mjs (plain JavaScript: Node loads it by URL for module.register).
export interface SharedResolution {
  /** Bare specifier → file URL of the host's single copy (the shell's shared runtime modules). */
  shared: Record<string, string>;
  /** URL the host's own imports resolve from. */
  host: string;
  /** Folders (as URLs ending in /) whose modules are server builds. */
  roots: string[];
}

export interface ResolveResult {
  url: string;
  shortCircuit?: boolean;
}

export function resolveShared<R>(
  config: SharedResolution,
  specifier: string,
  context: { parentURL?: string | undefined },
  nextResolve: (specifier: string, context: { parentURL?: string | undefined }) => R,
): R | ResolveResult;

export function initialize(data: SharedResolution): void;
