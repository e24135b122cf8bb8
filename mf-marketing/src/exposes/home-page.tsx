import '../styles.css';
import type { PagePrefetch } from '@agency/ui/page-prefetch';
import { caseStudiesQueryOptions } from '../home/api/get-case-studies';
import { homepageHeroQueryOptions } from '../home/api/get-homepage-hero';
import { servicesQueryOptions } from '../home/api/get-services';
import { testimonialsQueryOptions } from '../home/api/get-testimonials';

export { HomePage as default } from '../home/home-page';

/** The data the page shows, loaded on the server before it renders (see entry-server.tsx). */
export const prefetch: PagePrefetch = (client) =>
  Promise.all([
    client.prefetchQuery(homepageHeroQueryOptions()),
    client.prefetchQuery(servicesQueryOptions),
    client.prefetchQuery(caseStudiesQueryOptions()),
    client.prefetchQuery(testimonialsQueryOptions()),
  ]);
