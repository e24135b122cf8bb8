import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { REMOTE_FOLDERS, REMOTE_NAMES, type RemotesManifest } from '@agency/contracts/routes';
import './styles.css';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { configureRemoteLoader } from '@agency/ui/remote-module';
import { loadRemoteModule, loadRemotesManifest, registerManifestRemotes } from './federation/remote-registry';

async function start() {
  let manifest: RemotesManifest;
  try {
    manifest = await loadRemotesManifest();
  } catch (err) {
    // Without a manifest, try the locally built remotes; each failing remote is contained by its boundary.
    console.error('[shell] remotes manifest unavailable', err);
    manifest = {
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((n) => [n, { entry: `/remotes/${REMOTE_FOLDERS[n]}/remoteEntry.js` }]),
      ) as RemotesManifest['remotes'],
    };
  }
  registerManifestRemotes(manifest);
  configureRemoteLoader(loadRemoteModule);
  const queryClient = createQueryClient();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
