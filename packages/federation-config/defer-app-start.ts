import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { PAGE_DATA_IDS } from '../contracts/src/page-data';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/**
 * The loader's source, an `async` script: it runs as soon as it arrives, waits only for the page's
 * stylesheets (what the first paint needs) and the frame that paints, then hints every script the start needs at once (the
 * shell's chunks, known at build time, and the route's own, listed by the server in the HTML), so
 * they download in parallel instead of one import level after another, and adds the entry module.
 * JavaScript never competes with the CSS or the first paint, and the app waits neither for the end of
 * parsing nor for `load` (images); `load` is only the fallback should a stylesheet never report back.
 */
export function loaderSource(entry: string, preloads: string[] = []): string {
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    var hrefs = ${JSON.stringify(preloads)};
    try {
      var listed = document.getElementById(${JSON.stringify(PAGE_DATA_IDS.routePreloads)});
      if (listed) hrefs = hrefs.concat(JSON.parse(listed.textContent || '[]'));
    } catch (e) {}
    for (var i = 0; i < hrefs.length; i++) {
      if (typeof hrefs[i] !== 'string') continue;
      var l = document.createElement('link');
      l.rel = 'modulepreload';
      l.crossOrigin = '';
      l.href = hrefs[i];
      head.appendChild(l);
    }
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = ${JSON.stringify(entry)};
    head.appendChild(s);
  }
  // After the page's first contentful paint: a script request that starts before it counts towards
  // it in Lighthouse's simulation (FCP and LCP ~0.5-1 s later on its phone profile), and the paint is
  // what a visitor waits for. The paint entry comes a frame after the styles are in; without Paint
  // Timing, one frame and a task stand in for it.
  var waiting = false;
  function afterPaint() {
    if (waiting) return;
    waiting = true;
    var go = function () {
      setTimeout(start, 0);
    };
    try {
      if (performance.getEntriesByName('first-contentful-paint').length) return go();
      var observer = new PerformanceObserver(function (list) {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        go();
      });
      observer.observe({ type: 'paint', buffered: true });
      // A page whose server HTML has nothing to paint (the CMS, a route the browser renders) gets
      // no paint entry: it starts once its body is parsed, not after the fallback's wait.
      var bodyParsed = function () {
        var root = document.getElementById('root');
        if (root && root.firstElementChild) return;
        observer.disconnect();
        go();
      };
      if (document.readyState !== 'loading') bodyParsed();
      else document.addEventListener('DOMContentLoaded', bodyParsed, { once: true });
      // A browser that never reports the paint still starts.
      setTimeout(start, 3000);
      return;
    } catch (e) {}
    if (typeof requestAnimationFrame !== 'function') return start();
    requestAnimationFrame(go);
  }
  function afterStylesheets() {
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    var pending = 0;
    function done() {
      if (--pending === 0) afterPaint();
    }
    for (var i = 0; i < links.length; i++) {
      if (links[i].sheet) continue;
      pending++;
      links[i].addEventListener('load', done, { once: true });
      links[i].addEventListener('error', done, { once: true });
    }
    if (pending === 0) afterPaint();
  }
  window.addEventListener('load', afterPaint, { once: true });
  // The head (every stylesheet and the route's list) is parsed once the route's list is there.
  if (document.readyState !== 'loading' || document.getElementById(${JSON.stringify(PAGE_DATA_IDS.routePreloads)}))
    afterStylesheets();
  else document.addEventListener('DOMContentLoaded', afterStylesheets, { once: true });
})();
`;
}

/**
 * Rewrites the built index.html so no application script is fetched before the page's stylesheets:
 * the entry module script and its modulepreload hints are replaced by a tiny deferred loader (see
 * loaderSource) that hints `preloads` (the shell's chunks) and adds the entry as soon as the page can
 * paint. The server-rendered page paints without waiting for, or competing with, JavaScript. Returns
 * the new HTML and the loader's file name and source.
 */
export function deferEntry(
  html: string,
  preloads: string[] = [],
): { html: string; loader: { fileName: string; source: string } } {
  const m = MODULE_SCRIPT.exec(html);
  if (!m) throw new Error('index.html has no module entry script to defer');
  const entry = m[1]!;
  const source = loaderSource(
    entry,
    preloads.filter((p) => p !== entry),
  );
  const fileName = `assets/start-app-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  const tag = `<script async src="/${fileName}"></script>\n    `;
  const out = html.replace(MODULE_PRELOAD, () => '').replace(MODULE_SCRIPT, () => tag);
  return { html: out, loader: { fileName, source } };
}

/**
 * Vite plugin (build only): applies `deferEntry` to the emitted index.html, with every JavaScript
 * chunk of the build as the preloads (the shell's chunks are all needed to start any page), but the
 * chunks of modules matching `lazy` (code the app fetches on first use, such as the toaster).
 */
export function deferAppStart(lazy?: RegExp): Plugin {
  return {
    name: 'agency:defer-app-start',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const base = this.environment?.config.base ?? '/';
      // Biggest first: with six connections per host, the long downloads should start first.
      const preloads = Object.values(bundle)
        .filter((f) => f.type === 'chunk')
        .filter((f) => !(lazy && f.facadeModuleId && lazy.test(f.facadeModuleId)))
        .sort((a, b) => b.code.length - a.code.length || a.fileName.localeCompare(b.fileName))
        .map((f) => base + f.fileName);
      const { html, loader } = deferEntry(String(index.source), preloads);
      index.source = html;
      this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.source });
    },
  };
}
