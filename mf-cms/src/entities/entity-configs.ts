import { z } from 'zod';
import {
  BLOG_BODY_FORMATS,
  CONTENT_TYPES,
  RESOURCE_TYPES,
  SERVICE_ICONS,
  SERVICE_VISUALS,
  blogPostInputSchema,
  caseStudyInputSchema,
  resourceInputSchema,
  serviceInputSchema,
  adminPathOf,
  sitePath,
  testimonialInputSchema,
  type ContentType,
  type ContentTypeInfo,
} from '@agency/contracts';
import {
  PUBLISH_DATE_HINT,
  UNPUBLISH_DATE_HINT,
  dateTimeLocalField,
  toDateTimeLocal,
} from '../shared/publishing';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'lines'
  | 'results'
  | 'image-url'
  | 'file-url'
  | 'list'
  | 'datetime'
  /** Markdown with the toolbar editor and preview; `formatField` names the field holding the format. */
  | 'markdown';

/** The fields a schema takes: a field of an entity form is one of them (a typo does not compile). */
export type FieldName<S extends z.ZodObject = z.ZodObject> = keyof z.input<S> & string;

export interface FieldDef<Name extends string = string> {
  name: Name;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  hint?: string;
  rows?: number;
  /** Wide fields take the whole row of the two-column form. */
  wide?: boolean;
  /** Switch texts for on and off. */
  states?: [string, string];
  /** `list`: the inputs of one item, and what one item is called ('Feature'). */
  item?: { name: string; label: string; kind: 'text' | 'textarea' }[];
  itemLabel?: string;
  /** `list` of plain strings: the one input of `item` holds the string. */
  scalar?: boolean;
  /** `markdown`: the field whose value ('markdown' or 'html') says how the public site renders it. */
  formatField?: Name;
}

/** A stored row: the schema's fields (read tolerantly) and whatever else the list sends. */
export type Row<S extends z.ZodObject = z.ZodObject> = Partial<z.output<S>> &
  Record<string, unknown> & { id: number };

/** One content type's CMS tab and editor, typed by the contract schema its form is checked with. */
export interface EntityConfig<S extends z.ZodObject = z.ZodObject> {
  /** The content type (packages/contracts' registry): the title, singular, url and publicPath below come from it. */
  type: ContentType;
  title: string;
  singular: string;
  description: string;
  url: string;
  schema: S;
  fields: FieldDef<FieldName<S>>[];
  /** Blank form values (in form shape: lists as text), by field. */
  empty: Partial<Record<FieldName<S>, unknown>>;
  primary(row: Row<S>): string;
  secondary(row: Row<S>): string;
  badge: [string, string];
  /** The field whose text suggests the slug while the slug is untouched. */
  slugFrom?: FieldName<S>;
  publicPath?(row: Row<S>): string;
  /** Rows have a publish date: the list shows Draft, Scheduled (with the date) or Published. */
  scheduled?: boolean;
}

/** Staff replace a page's generated social card (docs/seo.md). */
export const SOCIAL_IMAGE_HINT =
  'Optional: the picture shown when the page is shared (1200×630 works best). Empty: a card is generated from the title.';

/** The shared facts of a registered content type: its tab, what one item is called, its API and its page. */
function registered(type: ContentType) {
  const { tab, singular, siteRoute, scheduled }: ContentTypeInfo = CONTENT_TYPES[type];
  return {
    type,
    title: tab,
    singular,
    url: adminPathOf(type),
    ...(siteRoute && { publicPath: (r: Row) => sitePath(siteRoute, { slug: String(r.slug) }) }),
    ...(scheduled && { scheduled }),
  };
}

const socialImage: FieldDef<'socialImageUrl'> = {
  name: 'socialImageUrl',
  label: 'Social Card Image',
  kind: 'image-url',
  hint: SOCIAL_IMAGE_HINT,
};

/** When a published item stops being public (issue 41); empty: never. */
const unpublishAt: FieldDef<'unpublishAt'> = {
  name: 'unpublishAt',
  label: 'Unpublish At',
  kind: 'datetime',
  hint: UNPUBLISH_DATE_HINT,
};

const published = (label: string, on: string, off: string): FieldDef<'published'> => ({
  name: 'published',
  label,
  kind: 'switch',
  states: [on, off],
});

export const serviceConfig: EntityConfig<typeof serviceInputSchema> = {
  ...registered('services'),
  description:
    'Services on the home grid, the services overview and the footer (active ones, in display order), each with its page at /services/slug.',
  schema: serviceInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'URL Slug', kind: 'text', hint: 'The page lives at /services/slug.' },
    {
      name: 'description',
      label: 'Description',
      kind: 'textarea',
      wide: true,
      rows: 2,
      hint: 'On the home grid and the services overview; also the page’s meta description.',
    },
    { name: 'icon', label: 'Icon', kind: 'select', options: SERVICE_ICONS },
    {
      name: 'visual',
      label: 'Visual',
      kind: 'select',
      options: SERVICE_VISUALS,
      hint: 'The colour gradient.',
    },
    { name: 'subtitle', label: 'Page Subtitle', kind: 'text', wide: true },
    { name: 'intro', label: 'Page Introduction', kind: 'textarea', wide: true },
    {
      name: 'provenResult',
      label: 'Proven Result',
      kind: 'text',
      wide: true,
      hint: 'One line, e.g. 247% average organic traffic growth within 12 months.',
    },
    {
      name: 'features',
      label: "What's Included",
      kind: 'list',
      itemLabel: 'Feature',
      item: [
        { name: 'title', label: 'Feature title', kind: 'text' },
        { name: 'description', label: 'Feature description', kind: 'textarea' },
      ],
      hint: 'Their titles are the overview card’s included list.',
    },
    {
      name: 'benefits',
      label: 'Proven Results (benefits)',
      kind: 'list',
      itemLabel: 'Benefit',
      scalar: true,
      item: [{ name: 'value', label: 'Benefit', kind: 'text' }],
    },
    {
      name: 'process',
      label: 'Our Process',
      kind: 'list',
      itemLabel: 'Step',
      item: [
        { name: 'phase', label: 'Step', kind: 'text' },
        { name: 'description', label: 'Step description', kind: 'textarea' },
      ],
    },
    { name: 'testimonialQuote', label: 'Testimonial Quote', kind: 'textarea', wide: true, rows: 3 },
    { name: 'testimonialAuthor', label: 'Testimonial Author', kind: 'text' },
    {
      name: 'testimonialRole',
      label: 'Testimonial Role',
      kind: 'text',
      hint: 'e.g. VP of Marketing, Northwind Outfitters',
    },
    socialImage,
    { name: 'displayOrder', label: 'Display Order', kind: 'number' },
    unpublishAt,
    published('Active', 'Shown on the site', 'Hidden'),
  ],
  empty: {
    title: '',
    slug: '',
    description: '',
    icon: 'search',
    visual: 'ocean',
    subtitle: '',
    intro: '',
    provenResult: '',
    features: [],
    benefits: [],
    process: [],
    testimonialQuote: '',
    testimonialAuthor: '',
    testimonialRole: '',
    socialImageUrl: '',
    displayOrder: 0,
    unpublishAt: '',
    published: false,
  },
  primary: (r) => String(r.title),
  secondary: (r) => sitePath('service', { slug: String(r.slug) }),
  badge: ['Active', 'Inactive'],
  slugFrom: 'title',
};

export const blogConfig: EntityConfig<typeof blogPostInputSchema> = {
  ...registered('blog-posts'),
  description: 'Articles at /blog. Drafts can be previewed at their URL while you are signed in.',
  schema: blogPostInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'URL Slug', kind: 'text', hint: 'The post lives at /blog/slug.' },
    { name: 'category', label: 'Category', kind: 'text' },
    { name: 'author', label: 'Author', kind: 'text' },
    {
      name: 'authorRole',
      label: 'Author Role',
      kind: 'text',
      hint: 'Shown under the name, e.g. Senior Strategist.',
    },
    { name: 'excerpt', label: 'Excerpt', kind: 'textarea', wide: true, rows: 2 },
    { name: 'content', label: 'Content', kind: 'markdown', wide: true, formatField: 'contentFormat' },
    {
      name: 'contentFormat',
      label: 'Content Format',
      kind: 'select',
      options: BLOG_BODY_FORMATS,
      hint: 'Posts are markdown; a post sent as HTML through the API keeps an HTML editor.',
    },
    { name: 'tags', label: 'Tags (one per line)', kind: 'lines' },
    { name: 'publishedAt', label: 'Publish Date', kind: 'datetime', hint: PUBLISH_DATE_HINT },
    socialImage,
    unpublishAt,
    published('Published', 'Visible on the site', 'Draft'),
  ],
  empty: {
    title: '',
    slug: '',
    category: '',
    author: '',
    authorRole: '',
    excerpt: '',
    content: '',
    contentFormat: 'markdown',
    tags: '',
    publishedAt: '',
    socialImageUrl: '',
    unpublishAt: '',
    published: false,
  },
  primary: (r) => String(r.title),
  secondary: (r) => sitePath('blog-post', { slug: String(r.slug) }),
  badge: ['Published', 'Draft'],
  slugFrom: 'title',
};

export const caseStudyConfig: EntityConfig<typeof caseStudyInputSchema> = {
  ...registered('case-studies'),
  description: 'Client success stories at /case-studies.',
  schema: caseStudyInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'slug', label: 'URL Slug', kind: 'text' },
    { name: 'client', label: 'Client', kind: 'text' },
    { name: 'industry', label: 'Industry', kind: 'text' },
    { name: 'duration', label: 'Duration', kind: 'text' },
    { name: 'imageUrl', label: 'Image URL', kind: 'image-url' },
    { name: 'challenge', label: 'The Challenge', kind: 'textarea', wide: true },
    { name: 'solution', label: 'Our Solution', kind: 'textarea', wide: true },
    {
      name: 'results',
      label: 'Results (one per line: value | metric)',
      kind: 'results',
      wide: true,
      hint: 'e.g. +240% | Organic traffic',
    },
    { name: 'services', label: 'Services (one per line)', kind: 'lines', wide: true },
    socialImage,
    unpublishAt,
    published('Published', 'Visible on the site', 'Draft'),
  ],
  empty: {
    title: '',
    slug: '',
    client: '',
    industry: '',
    duration: '',
    imageUrl: '',
    challenge: '',
    solution: '',
    results: '',
    services: '',
    socialImageUrl: '',
    unpublishAt: '',
    published: false,
  },
  primary: (r) => String(r.title),
  secondary: (r) => `${String(r.client)} · ${sitePath('case-study', { slug: String(r.slug) })}`,
  badge: ['Published', 'Draft'],
  slugFrom: 'title',
};

export const testimonialConfig: EntityConfig<typeof testimonialInputSchema> = {
  ...registered('testimonials'),
  description: 'Client quotes on the home page.',
  schema: testimonialInputSchema,
  fields: [
    { name: 'name', label: 'Name', kind: 'text' },
    { name: 'title', label: 'Job Title', kind: 'text' },
    { name: 'company', label: 'Company', kind: 'text' },
    { name: 'rating', label: 'Rating (1-5)', kind: 'number' },
    { name: 'content', label: 'Quote', kind: 'textarea', wide: true },
    { name: 'imageUrl', label: 'Photo URL', kind: 'image-url', wide: true },
    { name: 'displayOrder', label: 'Display Order', kind: 'number' },
    unpublishAt,
    published('Published', 'Visible on the site', 'Hidden'),
  ],
  empty: {
    name: '',
    title: '',
    company: '',
    rating: 5,
    content: '',
    imageUrl: '',
    displayOrder: 0,
    unpublishAt: '',
    published: false,
  },
  primary: (r) => String(r.name),
  secondary: (r) => [r.title, r.company].filter(Boolean).join(', '),
  badge: ['Published', 'Hidden'],
};

export const resourceConfig: EntityConfig<typeof resourceInputSchema> = {
  ...registered('resources'),
  description: 'Downloads at /resources; gated ones ask for an e-mail first.',
  schema: resourceInputSchema,
  fields: [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'type', label: 'Type', kind: 'select', options: RESOURCE_TYPES },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
    {
      name: 'fileUrl',
      label: 'File URL',
      kind: 'file-url',
      wide: true,
      hint: 'Upload a PDF, ZIP, TXT, CSV or MD file, or paste a URL.',
    },
    { name: 'gated', label: 'Email Required', kind: 'switch', states: ['Gated', 'Free Download'] },
    unpublishAt,
    published('Published', 'Visible on the site', 'Hidden'),
  ],
  empty: {
    title: '',
    type: 'guide',
    description: '',
    fileUrl: '',
    gated: false,
    unpublishAt: '',
    published: false,
  },
  primary: (r) => String(r.title),
  secondary: (r) =>
    `${String(r.type)} · ${r.gated ? 'Email Required' : 'Free Download'} · ${String(r.downloadCount ?? 0)} downloads`,
  badge: ['Published', 'Hidden'],
};

/** The content types the generic tab lists (pages and content blocks have tabs of their own). */
export type EntityType = Exclude<ContentType, 'pages' | 'content-blocks'>;
export const ENTITY_CONFIGS: { readonly [T in EntityType]: EntityConfig } = {
  services: serviceConfig,
  'blog-posts': blogConfig,
  'case-studies': caseStudyConfig,
  testimonials: testimonialConfig,
  resources: resourceConfig,
};

const splitLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The contract schema, with list fields taken as text (one item per line) in the form. */
export function formSchema(config: EntityConfig) {
  const overrides: Record<string, z.ZodType> = {};
  for (const field of config.fields) {
    // The pipe target takes what the transform produces (an array); its own type is checked by the contract.
    const target = config.schema.shape[field.name] as z.ZodType<unknown, never>;
    if (field.kind === 'lines') overrides[field.name] = z.string().transform(splitLines).pipe(target);
    if (field.kind === 'datetime') overrides[field.name] = dateTimeLocalField.pipe(target);
    if (field.kind === 'list' && field.scalar) {
      overrides[field.name] = z
        .array(z.object({ value: z.string() }))
        .transform((items) => items.map((i) => i.value))
        .pipe(target);
    }
    if (field.kind === 'results') {
      overrides[field.name] = z
        .string()
        .transform((text) =>
          splitLines(text).map((line) => {
            const [value = '', ...metric] = line.split('|');
            return { value: value.trim(), metric: metric.join('|').trim() };
          }),
        )
        .pipe(target);
    }
  }
  return config.schema.extend(overrides);
}

/** A stored row as form values. */
export function toFormValues(config: EntityConfig, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of config.fields) {
    const v = row[field.name];
    if (field.kind === 'lines') values[field.name] = Array.isArray(v) ? v.join('\n') : '';
    else if (field.kind === 'datetime') values[field.name] = toDateTimeLocal(v);
    else if (field.kind === 'list')
      values[field.name] = Array.isArray(v) ? v.map((i) => listItemValues(field, i)) : [];
    else if (field.kind === 'results') {
      values[field.name] = Array.isArray(v)
        ? (v as { metric: string; value: string }[]).map((r) => `${r.value} | ${r.metric}`).join('\n')
        : '';
    } else values[field.name] = v ?? config.empty[field.name] ?? '';
  }
  return values;
}

/** A blank item of a `list` field, in form shape. */
export function listItemBlank(field: FieldDef): Record<string, string> {
  return Object.fromEntries((field.item ?? []).map((sub) => [sub.name, '']));
}

/** A stored list item in form shape; a plain string fills the item's first input. */
function listItemValues(field: FieldDef, stored: unknown): Record<string, string> {
  const values = listItemBlank(field);
  const first = field.item?.[0]?.name;
  if (typeof stored === 'string') {
    if (first) values[first] = stored;
  } else if (stored && typeof stored === 'object') {
    for (const key of Object.keys(values)) {
      const v = (stored as Record<string, unknown>)[key];
      if (typeof v === 'string') values[key] = v;
    }
  }
  return values;
}
