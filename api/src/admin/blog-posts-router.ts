import { desc } from 'drizzle-orm';
import { AdminMessages, blogPostInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import { blogPosts } from '../db/schema';
import { crudRouter, publishDate, type CrudConfig } from './crud-router';

/** /api/admin/blog-posts; publishedAt as staff set it, else stamped the first time a post is published. */
export const blogPostsCrud = {
  type: 'blog-posts',
  table: blogPosts,
  schema: blogPostInputSchema,
  orderBy: [desc(blogPosts.createdAt), desc(blogPosts.id)],
  unique: { field: 'slug', message: AdminMessages.slugTaken },
  label: 'Blog post',
  derive: publishDate,
} satisfies CrudConfig<typeof blogPostInputSchema>;
export const blogPostsRouter = (db: Db) => crudRouter(db, blogPostsCrud);
