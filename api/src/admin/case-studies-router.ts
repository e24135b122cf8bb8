import { desc } from 'drizzle-orm';
import { AdminMessages, caseStudyInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { caseStudies } from '../db/schema';
import { crudRouter } from './crud-router';

/** /api/admin/case-studies */
export const caseStudiesRouter = (db: Db) =>
  crudRouter(db, {
    type: 'case-studies',
    table: caseStudies,
    schema: caseStudyInputSchema,
    orderBy: [desc(caseStudies.createdAt), desc(caseStudies.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    label: 'Case study',
  });
