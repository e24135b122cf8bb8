import { describe, expect, it } from 'vitest';
import { exposedModules, exposedName, exposedPrefetches } from './exposed-modules';

/**
 * A page's server data loader is exported beside it in `src/exposes/`, and the server build derives
 * both maps from that folder: a loader can no longer sit under a misspelt name (issue 37 item 3), where
 * the server rendered the page's loading state and kept it as a complete page.
 */
describe('exposed modules and their data loaders, from one folder', () => {
  const load = () => Promise.resolve();
  const glob: Record<string, { default: string; prefetch?: typeof load }> = {
    './exposes/blog-post-page.tsx': { default: 'BlogPost', prefetch: load },
    './exposes/about-page.tsx': { default: 'About' },
  };

  it('names each module after its file in PascalCase', () => {
    expect(exposedName('./exposes/case-study-detail-page.tsx')).toBe('CaseStudyDetailPage');
    expect(exposedModules(glob)).toEqual({ BlogPostPage: 'BlogPost', AboutPage: 'About' });
  });

  it("gives each page's loader under the very name its module is exposed as, and none for a page without one", () => {
    const prefetch = exposedPrefetches(glob);
    expect(prefetch).toEqual({ BlogPostPage: load });
    expect(Object.keys(prefetch).every((name) => name in exposedModules(glob))).toBe(true);
  });
});
