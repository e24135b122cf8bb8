/** Server build of mf-contact: the modules it exposes (their data, the site settings, is the shell's). */
import { exposedModules } from '@agency/federation-config/exposed-modules';
import type { RemoteServerEntry } from '@agency/ui/server-entry';

export const modules: RemoteServerEntry['modules'] = exposedModules(
  import.meta.glob('./exposes/*.tsx', { eager: true }),
);

export { sharedSingletons } from '@agency/ui/singletons';
