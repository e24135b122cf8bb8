import { describe, expect, it } from 'vitest';
import {
  ENTITY_CONFIGS,
  blogConfig,
  formSchema,
  listItemBlank,
  serviceConfig,
  toFormValues,
  type Row,
} from './entity-configs';

describe('the service editor form', () => {
  const stored: Row = {
    id: 4,
    title: 'Email',
    slug: 'email',
    description: 'Card',
    icon: 'bot',
    visual: 'forest',
    subtitle: 'Sub',
    intro: 'Intro',
    provenResult: '2x',
    // An older row may still hold plain-text features.
    features: ['Legacy feature', { title: 'Flows', description: 'Welcome and win-back' }],
    benefits: ['Repeat revenue'],
    process: [{ phase: 'Audit', description: 'Two weeks' }],
    testimonialQuote: 'Great',
    testimonialAuthor: 'Dana',
    testimonialRole: 'Head of CRM',
    displayOrder: 2,
    published: true,
  };

  it('shows stored lists as items with their own inputs and saves them back in the contract shape', () => {
    const values = toFormValues(serviceConfig, stored);
    expect(values.features).toEqual([
      { title: 'Legacy feature', description: '' },
      { title: 'Flows', description: 'Welcome and win-back' },
    ]);
    expect(values.benefits).toEqual([{ value: 'Repeat revenue' }]);
    const parsed = formSchema(serviceConfig).parse(values);
    expect(parsed).toMatchObject({
      visual: 'forest',
      features: [
        { title: 'Legacy feature', description: '' },
        { title: 'Flows', description: 'Welcome and win-back' },
      ],
      benefits: ['Repeat revenue'],
      process: [{ phase: 'Audit', description: 'Two weeks' }],
    });
  });

  it('refuses a blank item with a message at that item', () => {
    const values = { ...toFormValues(serviceConfig, stored), benefits: [{ value: ' ' }] };
    const result = formSchema(serviceConfig).safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['benefits', 0], message: 'Benefit is required' });
  });

  it('adds blank items of the right shape', () => {
    const features = serviceConfig.fields.find((f) => f.name === 'features')!;
    expect(listItemBlank(features)).toEqual({ title: '', description: '' });
  });
});

describe('the blog post editor: publish date', () => {
  const stored: Row = {
    id: 9,
    title: 'Plan for Monday',
    slug: 'plan-for-monday',
    category: 'SEO',
    author: 'Ada',
    excerpt: 'Soon',
    content: 'Body',
    tags: ['seo'],
    published: true,
    // As PostgreSQL answers it.
    publishedAt: '2026-12-07 09:30:15+00',
  };

  it('shows the stored date in the date-time field and saves the same instant as ISO 8601', () => {
    const values = toFormValues(blogConfig, stored);
    expect(values.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const saved = formSchema(blogConfig).parse(values);
    expect(saved.publishedAt).toBe('2026-12-07T09:30:15.000Z');
  });

  it('an empty field saves no date; a malformed one is refused with the contract message', () => {
    expect(
      formSchema(blogConfig).parse({ ...toFormValues(blogConfig, stored), publishedAt: '' }).publishedAt,
    ).toBe(null);
    const bad = formSchema(blogConfig).safeParse({
      ...toFormValues(blogConfig, stored),
      publishedAt: 'soon',
    });
    expect(bad.error?.issues[0]?.message).toBe(
      'Publish date must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00Z',
    );
  });
});

describe('an entity config is typed by its schema', () => {
  it("names only the schema's fields (a misspelt field does not compile)", () => {
    const fields: (typeof serviceConfig)['fields'] = [
      { name: 'title', label: 'Title', kind: 'text' },
      // @ts-expect-error 'titel' is not a field of the service schema
      { name: 'titel', label: 'Title', kind: 'text' },
    ];
    const empty: (typeof serviceConfig)['empty'] = {
      title: '',
      // @ts-expect-error nor is 'subtitel'
      subtitel: '',
    };
    // The checks above are the compiler's (npm run typecheck); at run time, every config holds to them.
    void [fields, empty];
    for (const config of Object.values(ENTITY_CONFIGS)) {
      for (const f of config.fields)
        expect(config.schema.shape, `${config.singular}: field ${f.name}`).toHaveProperty(f.name);
      for (const k of Object.keys(config.empty))
        expect(config.schema.shape, `${config.singular}: empty.${k}`).toHaveProperty(k);
    }
  });
});
