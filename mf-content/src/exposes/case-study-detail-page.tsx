import '../styles.css';
import { whenSlug, type PagePrefetch } from '@agency/ui/page-prefetch';
import { caseStudyQueryOptions } from '../case-studies/api/get-case-study';

export { CaseStudyDetailPage as default } from '../case-studies/components/case-study-detail-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client, { slug }) =>
  whenSlug(slug, (s) => client.prefetchQuery(caseStudyQueryOptions(s)));
