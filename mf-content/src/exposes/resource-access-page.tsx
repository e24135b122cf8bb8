import '../styles.css';
import type { PagePrefetch } from '@agency/ui/page-prefetch';
import { resourcesQueryOptions } from '../resources/api/get-resources';

export { ResourceAccessPage as default } from '../resources/components/resource-access-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(resourcesQueryOptions());
