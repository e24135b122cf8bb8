import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MediaUse, MediaUserType } from '@agency/contracts';
import type { Db } from '../db/client';
import { UPLOADS_PREFIX, uploadUrl } from './uploaded-files';

/**
 * A kind of item that can show or offer a library file: its table and the column staff know a row
 * by. The caller passes the content types' registry (api/src/admin/content-types.ts), which sits
 * above this layer.
 */
export interface MediaUser {
  type: MediaUserType;
  table: PgTable & { id: PgColumn; deletedAt: PgColumn };
  title: PgColumn;
}

/** The file's addresses: the original and each responsive copy (a body may name either). */
export interface MediaAddresses {
  id: number;
  fileName: string;
  derivatives: { fileName: string }[];
}
const addressesOf = (m: MediaAddresses) =>
  [m.fileName, ...m.derivatives.map((d) => d.fileName)].map(uploadUrl);

/**
 * Where each file is used: any item (trashed ones too, since restoring them would need the file)
 * whose stored text names one of the file's addresses, in any field (an image field, a markdown or
 * HTML body, page or block JSON, a resource's download). One read of each table: the items are few,
 * the library may be many.
 */
export async function mediaUsage(
  db: Db,
  users: readonly MediaUser[],
  files: MediaAddresses[],
): Promise<Map<number, MediaUse[]>> {
  const found = new Map<number, MediaUse[]>(files.map((f) => [f.id, []]));
  if (!files.length) return found;
  const addresses = files.map((f) => ({ id: f.id, urls: addressesOf(f) }));
  for (const { type, table, title } of users) {
    const rows = await db
      .select({
        id: table.id,
        title,
        deletedAt: table.deletedAt,
        // The whole row as text: every field, JSON included.
        text: sql<string>`${table}::text`,
      })
      .from(table as PgTable)
      .where(sql`strpos(${table}::text, ${UPLOADS_PREFIX}) > 0`);
    for (const row of rows) {
      for (const file of addresses) {
        if (!file.urls.some((u) => mentions(row.text, u))) continue;
        found.get(file.id)!.push({
          type,
          id: row.id as number,
          title: String(row.title),
          inTrash: row.deletedAt !== null,
        });
      }
    }
  }
  return found;
}

/** `text` names `url` as a whole address (not as the start of a longer file name). */
function mentions(text: string, url: string): boolean {
  for (let at = text.indexOf(url); at >= 0; at = text.indexOf(url, at + 1)) {
    const next = text.charAt(at + url.length);
    if (!/[a-z0-9._-]/i.test(next)) return true;
  }
  return false;
}
