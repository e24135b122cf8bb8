import { asc } from 'drizzle-orm';
import { AdminMessages, contentBlockInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { contentBlocks } from '../db/schema';
import { crudRouter } from './crud-router';

/** /api/admin/content-blocks ('homepage-hero' and friends); published = Active. */
export const contentBlocksRouter = (db: Db) =>
  crudRouter(db, {
    type: 'content-blocks',
    table: contentBlocks,
    schema: contentBlockInputSchema,
    orderBy: [asc(contentBlocks.identifier)],
    unique: { field: 'identifier', message: AdminMessages.identifierTaken },
    label: 'Content block',
  });
