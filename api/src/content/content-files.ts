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
 * The stored `file_url` of a resource as a local file, or an external http(s) URL. Files uploaded in
 * the CMS (`/uploads/<name>`) live in the uploads folder; the rest ship in RESOURCES_DIR. Only the
 * base name of a stored path is used, so a row can never point outside those folders.
 */
export async function resolveResourceFile(
  fileUrl: string,
  uploadsDir?: string,
): Promise<{ kind: 'local'; root: string; fileName: string } | { kind: 'external'; url: string } | null> {
  if (/^https?:\/\//i.test(fileUrl)) return { kind: 'external', url: fileUrl };
  const normalized = fileUrl.replace(/\\/g, '/');
  const fileName = path.posix.basename(normalized);
  if (!FILE_NAME.test(fileName) || fileName.startsWith('..')) return null;
  const root = uploadsDir && normalized.startsWith('/uploads/') ? uploadsDir : RESOURCES_DIR;
  try {
    await access(path.join(root, fileName));
    return { kind: 'local', root, fileName };
  } catch {
    return null;
  }
}
