import '../styles.css';
import type { PagePrefetch } from '@agency/ui/page-prefetch';
import { caseStudiesQueryOptions } from '../case-studies/api/get-case-studies';

export { CaseStudiesPage as default } from '../case-studies/components/case-studies-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(caseStudiesQueryOptions());
