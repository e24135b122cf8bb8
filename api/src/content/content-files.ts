import path from 'node:path';
import { access } from 'node:fs/promises';
import { SHIPPED_FILE_NAME } from '@agency/contracts';
import { REPO_ROOT } from '../env';
import { UPLOADS_PREFIX, uploadNameOf } from '../files/uploaded-files';

/** Files the content API ships with the repository (api/files/…). */
export const FILES_ROOT = path.join(REPO_ROOT, 'api', 'files');
export const IMAGES_DIR = path.join(FILES_ROOT, 'images');
export const RESOURCES_DIR = path.join(FILES_ROOT, 'resources');

/** Public URL prefix of the images served by the content router. */
export const IMAGES_URL = '/api/files/images';

export type ResourceFile =
  | { kind: 'stored'; name: string }
  | { kind: 'shipped'; root: string; fileName: string }
  | { kind: 'external'; url: string };

/**
 * Where a resource's stored `file_url` points: a file uploaded in the CMS (`/uploads/<name>`, kept in
 * the database), a file that ships in RESOURCES_DIR, or an external http(s) URL. Only the base name of
 * other paths is used, so a row can never point outside RESOURCES_DIR.
 */
export async function resolveResourceFile(fileUrl: string): Promise<ResourceFile | null> {
  if (/^https?:\/\//i.test(fileUrl)) return { kind: 'external', url: fileUrl };
  if (fileUrl.startsWith(UPLOADS_PREFIX)) {
    const name = uploadNameOf(fileUrl);
    return name ? { kind: 'stored', name } : null;
  }
  const fileName = path.posix.basename(fileUrl.replace(/\\/g, '/'));
  if (!SHIPPED_FILE_NAME.test(fileName) || fileName.startsWith('..')) return null;
  try {
    await access(path.join(RESOURCES_DIR, fileName));
    return { kind: 'shipped', root: RESOURCES_DIR, fileName };
  } catch {
    return null;
  }
}
