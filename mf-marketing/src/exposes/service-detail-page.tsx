import '../styles.css';
import { whenSlug, type PagePrefetch } from '@agency/ui/page-prefetch';
import { serviceQueryOptions } from '../services/api/get-service';

export { ServiceDetailPage as default } from '../services/service-detail-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client, { slug }) =>
  whenSlug(slug, (s) => client.prefetchQuery(serviceQueryOptions(s)));
