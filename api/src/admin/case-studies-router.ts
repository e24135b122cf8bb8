import { desc } from 'drizzle-orm';
import { AdminMessages, caseStudyInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { caseStudies } from '../db/schema';
import { crudRouter, type CrudConfig } from './crud-router';

/** /api/admin/case-studies */
export const caseStudiesCrud = {
  type: 'case-studies',
  table: caseStudies,
  schema: caseStudyInputSchema,
  orderBy: [desc(caseStudies.createdAt), desc(caseStudies.id)],
  unique: { field: 'slug', message: AdminMessages.slugTaken },
  label: 'Case study',
} satisfies CrudConfig<typeof caseStudyInputSchema>;
export const caseStudiesRouter = (db: Db) => crudRouter(db, caseStudiesCrud);
