/**
 * Server build of mf-cms. The CMS sits behind sign-in and is never server-rendered (its route is
 * client-only), so it exposes nothing here; the build exists so every release is a client + server pair.
 */
import type { RemoteServerEntry } from '@agency/ui/server-entry';

export const modules: RemoteServerEntry['modules'] = {};

export { sharedSingletons } from '@agency/ui/singletons';
