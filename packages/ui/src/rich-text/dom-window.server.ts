import { JSDOM } from 'jsdom';

let shared: (Window & typeof globalThis) | undefined;

/** Server builds: a jsdom window stands in for the page's, created once (DOMPurify only parses with it). */
export const domWindow = (): Window & typeof globalThis =>
  (shared ??= new JSDOM('').window as unknown as Window & typeof globalThis);
