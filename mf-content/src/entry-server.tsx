/** Server build of mf-content: the modules it exposes and the data each page shows, from `src/exposes/`. */
import { exposedModules, exposedPrefetches } from '@agency/federation-config/exposed-modules';
import type { PagePrefetch, RemoteServerEntry } from '@agency/ui/server-entry';

const exposed = import.meta.glob<{ default: RemoteServerEntry['modules'][string]; prefetch?: PagePrefetch }>(
  './exposes/*.tsx',
  { eager: true },
);

export const modules: RemoteServerEntry['modules'] = exposedModules(exposed);
export const prefetch: Record<string, PagePrefetch> = exposedPrefetches(exposed);

export { sharedSingletons } from '@agency/ui/singletons';
