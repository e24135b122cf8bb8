import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

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
