import '../styles.css';
import type { PagePrefetch } from '@agency/ui/page-prefetch';
import { servicesQueryOptions } from '../home/api/get-services';

export { ServicesPage as default } from '../services/services-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(servicesQueryOptions);
