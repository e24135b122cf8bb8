import { sql } from 'drizzle-orm';
import { unionAll, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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
 * HTML body, page or block JSON, a resource's download). One read of every table, in one statement:
 * the items are few, the library may be many.
 */
export async function mediaUsage(
  db: Db,
  users: readonly MediaUser[],
  files: MediaAddresses[],
): Promise<Map<number, MediaUse[]>> {
  const found = new Map<number, MediaUse[]>(files.map((f) => [f.id, []]));
  if (!files.length) return found;
  const addresses = files.map((f) => ({ id: f.id, urls: addressesOf(f) }));
  // One statement for every table (one round trip, one connection), in the order of `users`.
  const [first, second, ...others] = users.map(({ type, table, title }, order) =>
    db
      .select({
        order: sql<number>`${order}::int`.as('order'),
        type: sql<MediaUserType>`${type}::text`.as('type'),
        id: sql<number>`${table.id}`.as('id'),
        title: sql<string>`${title}::text`.as('title'),
        inTrash: sql<boolean>`${table.deletedAt} is not null`.as('in_trash'),
        // The whole row as text: every field, JSON included.
        text: sql<string>`${table}::text`.as('text'),
      })
      .from(table as PgTable)
      .where(sql`strpos(${table}::text, ${UPLOADS_PREFIX}) > 0`),
  );
  if (!first) return found;
  const rows = await (second ? unionAll(first, second, ...others) : first);
  rows.sort((a, b) => Number(a.order) - Number(b.order) || Number(a.id) - Number(b.id));
  for (const row of rows) {
    for (const file of addresses) {
      if (!file.urls.some((u) => mentions(row.text, u))) continue;
      found.get(file.id)!.push({
        type: row.type,
        id: Number(row.id),
        title: String(row.title),
        inTrash: row.inTrash,
      });
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
