import { describe, expect, it } from 'vitest';
import { modules, prefetch } from './entry-server';

describe("mf-content's server build", () => {
  it('loads the data of every page that shows content, under the names its modules are exposed as', () => {
    expect(Object.keys(prefetch).sort()).toEqual(
      [
        'BlogPage',
        'BlogPostPage',
        'CaseStudiesPage',
        'CaseStudyDetailPage',
        'CmsPage',
        'ResourceAccessPage',
        'ResourcesPage',
      ].sort(),
    );
    for (const name of Object.keys(prefetch)) expect(modules).toHaveProperty(name);
  });
});
