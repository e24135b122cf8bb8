import { remoteViteConfig } from '../packages/federation-config/remote-vite-config';

export default remoteViteConfig({
  name: 'mf_content',
  port: 5102,
  exposes: {
    './CaseStudiesPage': './src/exposes/case-studies-page.tsx',
    './CaseStudyDetailPage': './src/exposes/case-study-detail-page.tsx',
    './BlogPage': './src/exposes/blog-page.tsx',
    './BlogPostPage': './src/exposes/blog-post-page.tsx',
    './ResourcesPage': './src/exposes/resources-page.tsx',
    './CmsPage': './src/exposes/cms-page.tsx',
  },
});
