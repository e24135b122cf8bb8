import { z } from 'zod';
import { SLUG_PATTERN } from './content-values';
import {
  CONTROL_CHARACTERS_MESSAGE,
  MULTI_LINE_TEXT,
  NO_LINE_BREAKS,
  SINGLE_LINE_TEXT,
} from './control-characters';

export { SLUG_PATTERN };
export * from './control-characters';

// zod 4 probes `new Function` to decide whether to JIT-compile parsers; under our CSP (no
// 'unsafe-eval') that probe is a reported violation on every page. Parsing is fast enough without it.
z.config({ jitless: true });

/** One line of text: no line break or tab, and no other control character (control-characters.ts). */
export const singleLine = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE)
    .regex(NO_LINE_BREAKS, 'Must be a single line');

/** Multi-line text (bodies, descriptions): line breaks and tabs, no other control character. */
export const multiLine = (max: number, tooLong = `Must be at most ${max} characters`) =>
  z.string().max(max, tooLong).regex(MULTI_LINE_TEXT, CONTROL_CHARACTERS_MESSAGE);

export const emailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .regex(SINGLE_LINE_TEXT, message)
    .pipe(z.email({ error: message }));

export const slug = z
  .string()
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (e.g. my-page)');

/** `?published=true` is the only filter public lists accept. */
export const publishedListQuery = z.object({ published: z.literal('true').optional() }).strict();

export const isoDate = z.string();
