import { Router } from 'express';
import type { Db } from '../db/client';

/** Public content: case studies, blog posts, resources, CMS pages. */
export function contentRouter(_db: Db) {
  return Router();
}
