import type { ComponentType } from 'react';
import type { PagePrefetch } from './page-prefetch';

export type { PagePrefetch };

/**
 * What a remote's server build (`dist/server/entry-server.js`) exports: the modules it exposes to the
 * browser, by the same names, and per page the data to fetch before rendering it (both derived from
 * `src/exposes/`, see @agency/federation-config/exposed-modules).
 */
export interface RemoteServerEntry {
  modules: Record<string, ComponentType<object>>;
  prefetch?: Record<string, PagePrefetch>;
  /** The shared singletons as this build imports them (see singletons.ts). */
  sharedSingletons: Record<string, object>;
}
