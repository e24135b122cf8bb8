import '../styles.css';
import { whenSlug, type PagePrefetch } from '@agency/ui/page-prefetch';
import { pageQueryOptions } from '../pages/api/get-page';

export { CmsPage as default } from '../pages/components/cms-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client, { slug }) =>
  whenSlug(slug, (s) => client.prefetchQuery(pageQueryOptions(s)));
