/** The DOM the HTML sanitizer parses with: the page's own in the browser (see dom-window.server.ts). */
export const domWindow = (): Window & typeof globalThis => window;
