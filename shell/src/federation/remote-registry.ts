import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { ApiRoutes, REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@agency/contracts/routes';
import { PAGE_DATA_IDS } from '@agency/contracts/page-data';

let registered = false;

/**
 * Reads where each remote currently lives, before first render: from the copy the server inlined in
 * the HTML, else from the (never cached) manifest endpoint.
 */
export async function loadRemotesManifest(): Promise<RemotesManifest> {
  const inline = document.getElementById(PAGE_DATA_IDS.manifest)?.textContent;
  if (inline) {
    try {
      return JSON.parse(inline) as RemotesManifest;
    } catch {
      /* fall back to the endpoint */
    }
  }
  const res = await fetch(ApiRoutes.remotesManifest, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`Remotes manifest answered ${res.status}`);
  return (await res.json()) as RemotesManifest;
}

export function registerManifestRemotes(manifest: RemotesManifest) {
  const remotes = REMOTE_NAMES.filter((name) => manifest.remotes[name]?.entry).map((name) => ({
    name,
    entry: new URL(manifest.remotes[name].entry, window.location.href).href,
    type: 'module' as const,
  }));
  registerRemotes(remotes, { force: registered });
  registered = true;
}

/**
 * Loads `<remote>/<module>` through the federation runtime. Every call asks the runtime again,
 * so a Retry after a failed load really tries the network again.
 */
export async function loadRemoteModule<T>(remote: RemoteName, module: string): Promise<T> {
  const mod = await loadRemote<T>(`${remote}/${module}`);
  if (!mod) throw new Error(`Remote module ${remote}/${module} is empty`);
  return mod;
}
