/** Server build of mf-marketing: the modules it exposes, and the data each page shows. */
import { exposedModules } from '@agency/federation-config/exposed-modules';
import type { PagePrefetch, RemoteServerEntry } from '@agency/ui/server-entry';
import { caseStudiesQueryOptions } from './home/api/get-case-studies';
import { homepageHeroQueryOptions } from './home/api/get-homepage-hero';
import { SLUG_PATTERN } from '@agency/contracts/content-values';
import { servicesQueryOptions } from './home/api/get-services';
import { serviceQueryOptions } from './services/api/get-service';
import { testimonialsQueryOptions } from './home/api/get-testimonials';

export const modules: RemoteServerEntry['modules'] = exposedModules(
  import.meta.glob('./exposes/*.tsx', { eager: true }),
);

export const prefetch: Record<string, PagePrefetch> = {
  HomePage: (client) =>
    Promise.all([
      client.prefetchQuery(homepageHeroQueryOptions()),
      client.prefetchQuery(servicesQueryOptions),
      client.prefetchQuery(caseStudiesQueryOptions()),
      client.prefetchQuery(testimonialsQueryOptions()),
    ]),
  ServicesPage: (client) => client.prefetchQuery(servicesQueryOptions),
  // A slug the page would not even ask the API for is not fetched here either.
  ServiceDetailPage: (client, { slug }) =>
    slug && SLUG_PATTERN.test(slug) ? client.prefetchQuery(serviceQueryOptions(slug)) : Promise.resolve(),
};

export { sharedSingletons } from '@agency/ui/singletons';
