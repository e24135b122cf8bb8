import { asc } from 'drizzle-orm';
import { testimonialInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { testimonials } from '../db/schema';
import { crudRouter } from './crud-router';

/** /api/admin/testimonials (no unique column besides the id). */
export const testimonialsRouter = (db: Db) =>
  crudRouter(db, {
    type: 'testimonials',
    table: testimonials,
    schema: testimonialInputSchema,
    orderBy: [asc(testimonials.displayOrder), asc(testimonials.id)],
    unique: { field: 'id', message: 'This testimonial already exists' },
    label: 'Testimonial',
  });
