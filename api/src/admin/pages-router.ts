import { asc, desc } from 'drizzle-orm';
import { AdminMessages, pageInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { pages } from '../db/schema';
import { crudRouter, publishDate, type CrudConfig } from './crud-router';

/** /api/admin/pages: CMS pages; `content` is `{ body: markdown }` by agreement with the public renderer. */
export const pagesCrud = {
  type: 'pages',
  table: pages,
  schema: pageInputSchema,
  orderBy: [desc(pages.updatedAt), asc(pages.id)],
  unique: { field: 'slug', message: AdminMessages.slugTaken },
  label: 'Page',
  derive: publishDate,
} satisfies CrudConfig<typeof pageInputSchema>;
export const pagesRouter = (db: Db) => crudRouter(db, pagesCrud);
