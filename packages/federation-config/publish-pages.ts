import type { Plugin } from 'vite';
import type { RemotePage } from '@agency/contracts/site-routes';

/** The file a remote's browser build publishes beside `remoteEntry.js`: the pages it serves. */
export const PAGES_FILE = 'pages.json';

/**
 * Publishes the remote's pages (`src/pages.ts`) as `pages.json` beside its entry, so a release carries
 * the routes it serves and the site composes its table from the current releases (docs/teams.md).
 * A page's module must be one the remote exposes: a typo fails the build, not a visitor's page.
 */
export function publishPages(pages: readonly RemotePage[], exposed: readonly string[]): Plugin {
  return {
    name: 'agency:publish-pages',
    generateBundle() {
      const missing = pages.filter((p) => !exposed.includes(p.module));
      if (missing.length)
        this.error(
          `pages.ts names modules src/exposes/ does not have: ${missing.map((p) => `${p.module} (${p.path})`).join(', ')}`,
        );
      this.emitFile({
        type: 'asset',
        fileName: PAGES_FILE,
        // `format`: remote-pages.ts PAGES_FORMAT (this file imports no runtime code of the contracts).
        source: `${JSON.stringify({ format: 2, pages }, null, 2)}\n`,
      });
    },
  };
}
