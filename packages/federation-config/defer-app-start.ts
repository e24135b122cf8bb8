import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g;

/** The loader's source: starts the app (a module script) once the page has loaded. */
export function loaderSource(entry: string): string {
  return `(function () {
  function start() {
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = ${JSON.stringify(entry)};
    document.head.appendChild(s);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
`;
}

/**
 * Rewrites the built index.html so no application script is fetched or run before the page has
 * loaded: the entry module script and its modulepreload hints are replaced by a tiny deferred loader
 * that adds the entry once the `load` event fired. The server-rendered page paints (and its largest
 * element with it) without waiting for, or competing with, JavaScript. Returns the new HTML and the
 * loader's file name and source.
 */
export function deferEntry(html: string): { html: string; loader: { fileName: string; source: string } } {
  const m = MODULE_SCRIPT.exec(html);
  if (!m) throw new Error('index.html has no module entry script to defer');
  const source = loaderSource(m[1]!);
  const fileName = `assets/start-app-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  const tag = `<script defer src="/${fileName}"></script>\n    `;
  const out = html.replace(MODULE_PRELOAD, () => '').replace(MODULE_SCRIPT, () => tag);
  return { html: out, loader: { fileName, source } };
}

/** Vite plugin (build only): applies `deferEntry` to the emitted index.html. */
export function deferAppStart(): Plugin {
  return {
    name: 'agency:defer-app-start',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const { html, loader } = deferEntry(String(index.source));
      index.source = html;
      this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.source });
    },
  };
}
