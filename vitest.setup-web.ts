import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { useToastStore } from '@agency/ui/toast';

afterEach(() => cleanup());

// A worker's files share its modules and its document (vitest.config.ts: no isolation), as a page's
// remotes share them: what a file left (toasts in the page's one store, portals and live regions
// outside React's containers, head tags, stored drafts) goes with it.
afterAll(() => {
  useToastStore.setState(useToastStore.getInitialState());
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  document.head.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no ResizeObserver, which every browser the site supports has (Radix's switch measures itself).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no pointer capture, which every supported browser has (Radix's toast swipe asks for it
// when its action button is clicked).
// (The server-render tests of this project run in Node, without a DOM.)
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
}
