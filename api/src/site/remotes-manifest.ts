import type { RemoteName, RemotesManifest } from '@agency/contracts';
import type { Env } from '../env';

/** Folder names of the remotes' workspaces, by federation name. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mf_marketing: 'mf-marketing',
  mf_content: 'mf-content',
  mf_contact: 'mf-contact',
  mf_cms: 'mf-cms',
};

const ENV_KEYS: Record<RemoteName, keyof Env> = {
  mf_marketing: 'REMOTE_MF_MARKETING_URL',
  mf_content: 'REMOTE_MF_CONTENT_URL',
  mf_contact: 'REMOTE_MF_CONTACT_URL',
  mf_cms: 'REMOTE_MF_CMS_URL',
};

/** Where each remote's entry lives: an environment override, else the locally built remote. */
export function buildRemotesManifest(env: Env): RemotesManifest {
  const remotes = {} as RemotesManifest['remotes'];
  for (const name of Object.keys(REMOTE_FOLDERS) as RemoteName[]) {
    const override = env[ENV_KEYS[name]];
    remotes[name] = {
      entry:
        typeof override === 'string' && override
          ? override
          : `/remotes/${REMOTE_FOLDERS[name]}/remoteEntry.js`,
    };
  }
  return { remotes };
}
