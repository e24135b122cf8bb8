import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built site of stand-ins, for tests of which release renders a page: the shell's server build
 * renders mf-content's `Marker` in `<main><h1>`, and each release of mf-content is a browser entry and a
 * server build naming its own marker. Real server builds take a full `npm run build`.
 */
const SHARES = 'export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };';
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title>
</head><body><div id="root"></div></body></html>`;
const SHELL = `${SHARES}
export async function render(req) {
  const remote = req.remotes.mf_content;
  return {
    html: '<main><h1>' + (remote ? remote.modules.Marker : 'rendered-in-browser') + '</h1></main>',
    state: {}, rendered: Object.keys(req.remotes), leftToBrowser: [], problems: [],
  };
}`;

export function writeFiles(root: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** The files of one mf-content build whose pages say `marker`, under `prefix/` if given. */
export function standInBuild(marker: string, prefix = ''): Record<string, string> {
  const at = prefix ? `${prefix}/` : '';
  return {
    [`${at}remoteEntry.js`]: `// ${marker}`,
    [`${at}server/entry-server.js`]: `${SHARES} export const modules = { Marker: '${marker}' };`,
  };
}

/** A SITE_ROOT (in a new temporary folder) whose local mf-content says `local`. */
export function standInSite(name: string): string {
  const site = mkdtempSync(path.join(tmpdir(), `${name}-site-`));
  writeFiles(site, {
    'shell/dist/index.html': TEMPLATE,
    'shell/dist/server/entry-server.js': SHELL,
    'shell/dist/server/shared-modules.json': '{}',
    'mf-content/dist/server/entry-server.js': standInBuild('local')['server/entry-server.js']!,
  });
  return site;
}
