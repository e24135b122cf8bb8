import { describe, expect, it } from 'vitest';
import { safeParse, type $ZodType } from 'zod/v4/core';
import {
  CONTENT_INPUT_SCHEMAS,
  adminAuthSchema,
  contentPreviewFormSchema,
  leadsQuerySchema,
  mediaPatchSchema,
  siteSettingsSchema,
  uploadFieldsSchema,
} from './admin';
import { clientErrorReportSchema } from './client-errors';
import { changePasswordSchema } from './staff';
import { CONTROL_CHARACTERS_MESSAGE, unstorableTextPath } from './control-characters';
import type { ContentType } from './content-types';
import { contactRequestSchema, newsletterSchema, resourceLeadSchema } from './forms';
import { promoteReleaseSchema } from './releases';
import { auditQuerySchema, setPasswordSchema, staffUserCreateSchema, staffUserPatchSchema } from './staff';

type Path = (string | number)[];

/** Every string in a JSON value (keys of plain objects too), with its path. */
function stringsOf(value: unknown, path: Path = []): { path: Path; key: boolean }[] {
  if (typeof value === 'string') return [{ path, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...(path.length ? [{ path: [...path, k], key: true }] : []),
      ...stringsOf(v, [...path, k]),
    ]);
  return [];
}

/** `text` with `hostile` inside it (not at an end, where trimming would take it away). */
const within = (text: string, hostile: string) =>
  text.length < 2 ? `x${hostile}${text}x` : `${text.slice(0, 1)}${hostile}${text.slice(1)}`;

/** `value` with `hostile` inside the string (or key) at `path`. */
function poisoned(value: unknown, path: Path, key: boolean, hostile: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (key) {
    parent[within(String(last), hostile)] = parent[last];
    delete parent[last];
  } else parent[last] = within(String(parent[last]), hostile);
  return copy;
}

const password = 'correct horse battery staple';
const blogBody = '# Heading\n\n\tIndented code\r\nA line.';

/** A valid request of each content type: a type added to the registry without one is a type error here. */
const CONTENT_FIXTURES: { readonly [T in ContentType]: Record<string, unknown> } = {
  pages: {
    name: 'About',
    slug: 'about-us',
    title: 'About us',
    metaTitle: 'About',
    metaDescription: 'Who we are',
    content: { body: blogBody, sections: [{ heading: 'Team' }] },
    socialImageUrl: '/uploads/card.png',
    template: 'default',
  },
  'content-blocks': {
    name: 'Hero',
    identifier: 'homepage-hero',
    type: 'hero',
    content: {
      title: 'Grow',
      subtitle: 'Faster',
      metrics: [{ value: '247%', label: 'Traffic', width: '80%' }],
      primaryCTA: { text: 'Talk to us', href: '/contact' },
    },
  },
  services: {
    title: 'SEO',
    slug: 'seo',
    description: 'Search\nengine optimisation',
    subtitle: 'Be found',
    intro: 'We help.',
    provenResult: '+40%',
    features: [{ title: 'Audits', description: 'Deep\taudits' }],
    benefits: ['More traffic'],
    process: [{ phase: 'Discover', description: 'We listen' }],
    testimonialQuote: 'Great',
    testimonialAuthor: 'Ada',
    testimonialRole: 'CEO',
  },
  'blog-posts': {
    slug: 'hello',
    title: 'Hello',
    excerpt: 'A short excerpt',
    content: blogBody,
    contentFormat: 'markdown',
    category: 'News',
    author: 'Ada',
    authorRole: 'Editor',
    tags: ['seo'],
    publishedAt: '2026-01-01T09:00:00Z',
  },
  'case-studies': {
    slug: 'acme',
    title: 'Acme',
    client: 'Acme Inc',
    industry: 'Retail',
    duration: '3 months',
    challenge: 'Slow\nsales',
    solution: 'New site',
    results: [{ metric: 'Sales', value: '+20%' }],
    services: ['SEO'],
    imageUrl: 'https://example.com/a.png',
  },
  testimonials: { content: 'They were great', name: 'Ada', title: 'CEO', company: 'Acme' },
  resources: { title: 'Guide', description: 'A guide', type: 'guide', fileUrl: '/uploads/guide.pdf' },
};

/** Every request schema that carries text, with a valid request. */
const REQUESTS: [string, $ZodType, Record<string, unknown>][] = [
  [
    'contact',
    contactRequestSchema,
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Engines',
      budget: '10k-25k',
      goals: 'Grow organic traffic\nthis year',
      website: '',
    },
  ],
  ['newsletter', newsletterSchema, { email: 'ada@example.com', website: '' }],
  ['resource lead', resourceLeadSchema, { name: 'Ada', email: 'ada@example.com', website: '' }],
  ['sign-in', adminAuthSchema, { email: 'ada@example.com', password }],
  ['password change', changePasswordSchema, { currentPassword: password, newPassword: `${password}!` }],
  ...Object.entries(CONTENT_FIXTURES).map(([type, fixture]): [string, $ZodType, Record<string, unknown>] => [
    type,
    CONTENT_INPUT_SCHEMAS[type as ContentType],
    fixture,
  ]),
  [
    'site settings',
    siteSettingsSchema,
    {
      siteName: 'Distilled',
      contactEmail: 'hello@example.com',
      contactPhone: '+1 (555) 010-0000',
      socialLinks: { linkedin: 'https://linkedin.com/x', x: '', instagram: '', youtube: '' },
      defaultMetaDescription: 'We grow brands',
    },
  ],
  ['media alt text', mediaPatchSchema, { altText: 'A team photo' }],
  ['upload fields', uploadFieldsSchema, { alt: 'A team photo' }],
  ['leads filter', leadsQuerySchema, { type: 'contacts', q: 'acme', status: 'open' }],
  ['staff account', staffUserCreateSchema, { email: 'ed@example.com', name: 'Ed', role: 'editor', password }],
  ['staff account change', staffUserPatchSchema, { name: 'Ed', role: 'admin', password }],
  ['set password', setPasswordSchema, { token: 'a'.repeat(43), password }],
  ['audit filter', auditQuerySchema, { actor: 'owner', type: 'pages', id: '12' }],
  ['release promote', promoteReleaseSchema, { version: '1.2.3' }],
  ['content preview', contentPreviewFormSchema, { values: JSON.stringify({ title: 'x' }), id: '31' }],
  [
    'client error report',
    clientErrorReportSchema,
    { remote: 'mf_cms', version: '1.0.0', route: '/cms', kind: 'render', message: 'Boom\n  at x' },
  ],
];

/** NUL (PostgreSQL refuses it), other C0 controls, DEL and half a surrogate pair (no JSON column takes it). */
const HOSTILE = ['\u0000', '\u0001', '\u000b', '\u001b', '\u007f', '\ud800', '\udc00'];

describe('control characters in what the API takes', () => {
  it.each(REQUESTS)('%s: the valid request parses', (_name, schema, valid) => {
    const result = safeParse(schema, valid);
    expect(result.error?.issues).toBeUndefined();
  });

  it.each(REQUESTS)(
    '%s: NUL and the other control characters are refused in every text',
    (_name, schema, valid) => {
      const texts = stringsOf(valid);
      expect(texts.length).toBeGreaterThan(0);
      for (const { path, key } of texts) {
        for (const hostile of HOSTILE) {
          const result = safeParse(schema, poisoned(valid, path, key, hostile));
          const where = `${path.join('.')}${key ? ' (key)' : ''} + U+${hostile.charCodeAt(0).toString(16)}`;
          expect(result.success, where).toBe(false);
          // Answered at the field, so a form shows it beside the field; a key, at its object or itself.
          const paths = result.error!.issues.map((i) => i.path.join('.'));
          const expected = key
            ? [...path.slice(0, -1), within(String(path[path.length - 1]), hostile)]
            : path;
          const at = (p: string) =>
            key ? `${expected.join('.')}.`.startsWith(p ? `${p}.` : '') : p === path.join('.');
          expect(paths.some(at), `${where}: ${paths.join(', ')}`).toBe(true);
        }
      }
    },
  );

  it('says which rule a free text breaks', () => {
    const goals = safeParse(contactRequestSchema, {
      ...REQUESTS[0]![2],
      goals: 'Grow traffic\u0000 this year',
    });
    expect(goals.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['goals', CONTROL_CHARACTERS_MESSAGE],
    ]);
    const title = safeParse(CONTENT_INPUT_SCHEMAS['blog-posts'], {
      ...CONTENT_FIXTURES['blog-posts'],
      title: 'A\u0000',
    });
    expect(title.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', CONTROL_CHARACTERS_MESSAGE],
    ]);
    const body = safeParse(CONTENT_INPUT_SCHEMAS.pages, {
      ...CONTENT_FIXTURES.pages,
      content: { body: 'ok', sections: [{ heading: 'Te\u0000am' }] },
    });
    expect(body.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['content.sections.0.heading', CONTROL_CHARACTERS_MESSAGE],
    ]);
  });

  it('keeps tabs and line breaks in multi-line text, and refuses them on one line', () => {
    const post = safeParse(CONTENT_INPUT_SCHEMAS['blog-posts'], CONTENT_FIXTURES['blog-posts']);
    expect((post.data as { content: string }).content).toBe(blogBody);
    for (const brk of ['\t', '\n', '\r']) {
      const title = safeParse(CONTENT_INPUT_SCHEMAS['blog-posts'], {
        ...CONTENT_FIXTURES['blog-posts'],
        title: `A${brk}B`,
      });
      expect(title.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['title', 'Must be a single line'],
      ]);
      expect(safeParse(adminAuthSchema, { email: `a@example.com${brk}x`, password }).success).toBe(false);
    }
    // A whole emoji (a surrogate pair) is text like any other.
    expect(
      safeParse(CONTENT_INPUT_SCHEMAS.testimonials, { ...CONTENT_FIXTURES.testimonials, name: 'Ada 🚀' })
        .success,
    ).toBe(true);
  });

  it('walks a deeply nested JSON value without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const path = unstorableTextPath({ body: deep });
    expect(path).toHaveLength(100_001);
    expect(path![0]).toBe('body');
    expect(unstorableTextPath({ body: 'fine\n\tfine', list: [{ a: 'b' }] })).toBeUndefined();
  });
});
