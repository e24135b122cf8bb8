import path from 'node:path';
import { access } from 'node:fs/promises';
import { REPO_ROOT } from '../env';

/** Files the content API ships with the repository (api/files/…). */
export const FILES_ROOT = path.join(REPO_ROOT, 'api', 'files');
export const IMAGES_DIR = path.join(FILES_ROOT, 'images');
export const RESOURCES_DIR = path.join(FILES_ROOT, 'resources');

/** Public URL prefix of the images served by the content router. */
export const IMAGES_URL = '/api/files/images';

const FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,150}$/i;

/**
 * The stored `file_url` of a resource as a file in RESOURCES_DIR, or an external http(s) URL.
 * Only the base name of a stored path is used, so a row can never point outside the folder.
 */
export async function resolveResourceFile(
  fileUrl: string,
): Promise<{ kind: 'local'; fileName: string } | { kind: 'external'; url: string } | null> {
  if (/^https?:\/\//i.test(fileUrl)) return { kind: 'external', url: fileUrl };
  const fileName = path.posix.basename(fileUrl.replace(/\\/g, '/'));
  if (!FILE_NAME.test(fileName) || fileName.startsWith('..')) return null;
  try {
    await access(path.join(RESOURCES_DIR, fileName));
    return { kind: 'local', fileName };
  } catch {
    return null;
  }
}
