import { describe, expect, it } from 'vitest';
import { deferEntry } from './defer-app-start';

const BUILT = `<head>
    <script type="module" crossorigin src="/assets/mf-entry-bootstrap-0-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/hostInit-1.js">
    <link rel="modulepreload" crossorigin href="/remoteEntry-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>`;

describe('deferEntry', () => {
  it('replaces the entry and its preloads with a deferred loader, keeping the stylesheet', () => {
    const { html, loader } = deferEntry(BUILT);
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain(`<script defer src="/${loader.fileName}"></script>`);
    expect(loader.fileName).toMatch(/^assets\/start-app-[0-9a-f]{8}\.js$/);
    expect(loader.source).toContain('"/assets/mf-entry-bootstrap-0-abc.js"');
    expect(loader.source).toContain("addEventListener('load'");
  });

  it('refuses an index.html without an entry, instead of silently shipping a page that never starts', () => {
    expect(() => deferEntry('<head></head>')).toThrow(/no module entry/);
  });
});
