import { asc } from 'drizzle-orm';
import { AdminMessages, serviceInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { services } from '../db/schema';
import { crudRouter } from './crud-router';

/** /api/admin/services */
export const servicesRouter = (db: Db) =>
  crudRouter(db, {
    table: services,
    schema: serviceInputSchema,
    orderBy: [asc(services.displayOrder), asc(services.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    label: 'Service',
  });
