import express, { Router } from 'express';
import type { Env } from '../env';
import { uploadsDir } from './upload-pipeline';

/**
 * /uploads/*: files staff uploaded. Names are random and never reused, so they are cached for a
 * year; nosniff and a sandboxing CSP keep a file from ever acting as a page.
 */
export function uploadsStatic(env: Pick<Env, 'DATA_DIR'>) {
  const router = Router();
  router.use(
    '/uploads',
    express.static(uploadsDir(env), {
      index: false,
      dotfiles: 'deny',
      redirect: false,
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    }),
    (_req, res) => {
      res.status(404).setHeader('X-Content-Type-Options', 'nosniff').type('text/plain').send('Not found');
    },
  );
  return router;
}
