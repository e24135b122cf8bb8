import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferEntry, loaderSource } from './defer-app-start';
import { PAGE_DATA_IDS } from '../contracts/src/page-data';

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/mf-entry-bootstrap-0-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/hostInit-1.js">
    <link rel="modulepreload" crossorigin href="/remoteEntry-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>`;

describe('deferEntry', () => {
  it('replaces the entry and its preloads with an async loader, keeping the stylesheet', () => {
    const { html, loader } = deferEntry(BUILT, ['/assets/mf-entry-bootstrap-0-abc.js', '/assets/big-4.js']);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain(`<script async src="/${loader.fileName}"></script>`);
    expect(loader.fileName).toMatch(/^assets\/start-app-[0-9a-f]{8}\.js$/);
    expect(loader.source).toContain('"/assets/mf-entry-bootstrap-0-abc.js"');
    // The entry is the module script; the other chunks are hinted.
    expect(loader.source).toContain('["/assets/big-4.js"]');
  });

  it('refuses an index.html without an entry, instead of silently shipping a page that never starts', () => {
    expect(() => deferEntry('<head></head>')).toThrow(/no module entry/);
  });
});

describe('the loader in the page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const modulepreloads = () =>
    [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
  const entryScript = () => document.head.querySelector('script[type="module"]')?.getAttribute('src');

  it('waits for the stylesheets and the frame that paints, then hints the shell and route scripts at once and adds the entry', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    document.head.innerHTML = `<link rel="stylesheet" href="/assets/index.css">
      <script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">["/remotes/mf-marketing/remoteEntry.js","/remotes/mf-marketing/assets/home.js"]</script>`;
    new Function(loaderSource('/assets/entry.js', ['/assets/react-dom.js']))();
    // The stylesheet is still on its way (jsdom loads none): nothing competes with it yet.
    expect(modulepreloads()).toEqual([]);
    expect(entryScript()).toBeUndefined();

    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    // The styles are in; the page paints first, then the scripts are asked for.
    expect(entryScript()).toBeUndefined();
    vi.runAllTimers();
    expect(modulepreloads()).toEqual([
      '/assets/react-dom.js',
      '/remotes/mf-marketing/remoteEntry.js',
      '/remotes/mf-marketing/assets/home.js',
    ]);
    expect(entryScript()).toBe('/assets/entry.js');
  });

  it('starts once, even when the page also finishes loading', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">[]</script>`;
    new Function(loaderSource('/assets/entry.js', ['/assets/a.js']))();
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(modulepreloads()).toEqual(['/assets/a.js']);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  /** A browser with Paint Timing whose first contentful paint has not come (or never will). */
  function paintTimingWithoutPaint() {
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  }

  it('a page whose server HTML has nothing to paint (the CMS) starts at once, not after the 3 s fallback', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    paintTimingWithoutPaint();
    document.body.innerHTML = '<div id="root"></div>';
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">["/remotes/mf-cms/remoteEntry.js"]</script>`;
    new Function(loaderSource('/assets/entry.js'))();
    vi.advanceTimersByTime(10);
    expect(entryScript()).toBe('/assets/entry.js');
    expect(modulepreloads()).toEqual(['/remotes/mf-cms/remoteEntry.js']);
  });

  it('a server-rendered page waits for its first contentful paint (3 s at most when none is reported)', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    paintTimingWithoutPaint();
    document.body.innerHTML = '<div id="root"><header>Distilled Digital</header></div>';
    document.head.innerHTML = `<script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">[]</script>`;
    new Function(loaderSource('/assets/entry.js'))();
    vi.advanceTimersByTime(2900);
    expect(entryScript()).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(entryScript()).toBe('/assets/entry.js');
  });
});
