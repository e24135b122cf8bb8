/**
 * The reader schemas (@agency/contracts/readers: zod/mini), loaded when the browser first reads an
 * answer itself. Call it before fetching, so both load at once. A page the server rendered hydrates
 * its first answers (staleTime: Infinity) and never downloads zod (~8 KB brotli) on its first load.
 * Server builds use load-readers.server.ts instead.
 */
export const loadReaders = () => import('@agency/contracts/readers');
