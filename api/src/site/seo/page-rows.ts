import { and, eq, isNull } from 'drizzle-orm';
import type { PreviewType } from '@agency/contracts';
import type { AppContext } from '../../app-context';
import { CONTENT_TABLES } from '../../db/schema';
import { isLive } from '../../content/visibility';
import type { SlugTable } from '../../content/item-tables';

/** A stored item of a type with a page of its own. */
export type ItemRow<T extends PreviewType> = (typeof CONTENT_TABLES)[T]['$inferSelect'];

/**
 * The rows the database head of one request needs by slug (page-meta.ts: the fallback for a page
 * that declared none, /api/page-meta and the social cards), each read at most once; a content preview
 * replaces one of them. Any type with a page of its own (CONTENT_TYPES' `siteRoute`), from its
 * registry table. Trashed rows are not there at all; `published` means live (a scheduled row reads as
 * unpublished until its date, so only staff see it, like a draft).
 */
export function pageRows({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  const memo = new Map<string, Promise<unknown>>();
  return {
    item<T extends PreviewType>(type: T, slug: string): Promise<ItemRow<T> | undefined> {
      const key = `${type}:${slug}`;
      if (!memo.has(key)) {
        const table = CONTENT_TABLES[type] as unknown as SlugTable;
        memo.set(
          key,
          db
            .select()
            .from(table)
            .where(and(eq(table.slug, slug), isNull(table.deletedAt)))
            .limit(1)
            .then(([row]) => {
              const found = row as ItemRow<T> | undefined;
              return found && { ...found, published: isLive(found, clock()) };
            }),
        );
      }
      return memo.get(key) as Promise<ItemRow<T> | undefined>;
    },
  };
}

export type PageRows = ReturnType<typeof pageRows>;
