import { createBrowserRouter } from 'react-router-dom';
import type { RemoteName } from '@agency/contracts/routes';
import { RootLayout, SiteLayout } from '../layout/site-layout';
import { RemoteModule } from '@agency/ui/remote-module';
import { NotFoundPage } from '../pages/not-found-page';

const remotePage = (remote: RemoteName, module: string) => (
  <RemoteModule key={`${remote}/${module}`} remote={remote} module={module} />
);

/** Every route of the spec's table, each served by a module its remote exposes. */
export const routes = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { path: '/', element: remotePage('mf_marketing', 'HomePage') },
          { path: '/about', element: remotePage('mf_marketing', 'AboutPage') },
          { path: '/services', element: remotePage('mf_marketing', 'ServicesPage') },
          { path: '/services/:slug', element: remotePage('mf_marketing', 'ServiceDetailPage') },
          { path: '/case-studies', element: remotePage('mf_content', 'CaseStudiesPage') },
          { path: '/case-studies/:slug', element: remotePage('mf_content', 'CaseStudyDetailPage') },
          { path: '/blog', element: remotePage('mf_content', 'BlogPage') },
          { path: '/blog/:slug', element: remotePage('mf_content', 'BlogPostPage') },
          { path: '/resources', element: remotePage('mf_content', 'ResourcesPage') },
          { path: '/contact', element: remotePage('mf_contact', 'ContactPage') },
          { path: '/:slug', element: remotePage('mf_content', 'CmsPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '/cms', element: remotePage('mf_cms', 'CmsApp') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
