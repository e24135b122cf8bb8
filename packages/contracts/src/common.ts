import { z } from 'zod';
import { SLUG_PATTERN } from './content-values';

export { SLUG_PATTERN };

// zod 4 probes `new Function` to decide whether to JIT-compile parsers; under our CSP (no
// 'unsafe-eval') that probe is a reported violation on every page. Parsing is fast enough without it.
z.config({ jitless: true });

/** Rejects CR/LF and other control characters that have no place in single-line text. */
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

export const singleLine = (max: number) =>
  z.string().max(max, `Must be at most ${max} characters`).regex(NO_CONTROL_CHARS, 'Must be a single line');

export const emailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .regex(NO_CONTROL_CHARS, message)
    .pipe(z.email({ error: message }));

export const slug = z
  .string()
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (e.g. my-page)');

/** `?published=true` is the only filter public lists accept. */
export const publishedListQuery = z.object({ published: z.literal('true').optional() }).strict();

export const isoDate = z.string();
