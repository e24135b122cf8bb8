import { describe, expect, it } from 'vitest';
import {
  homeCaseStudyCardSchema,
  homepageHeroContentSchema,
  serviceDetailSchema,
  testimonialCardSchema,
} from '@agency/contracts';
import { heroFieldReaders, readHomeCaseStudyCard, readServiceDetail, readTestimonialCard } from './readers';

/** The zod-free readers give what the contract's reader schemas give, for good and odd answers alike. */
const same = <T>(
  read: (v: unknown) => T | undefined,
  schema: { safeParse(v: unknown): unknown },
  v: unknown,
) => {
  const r = schema.safeParse(v) as { success: boolean; data?: unknown };
  expect(read(v)).toEqual(r.success ? r.data : undefined);
};

describe('marketing readers read as the contract does', () => {
  it('testimonial cards', () => {
    for (const v of [
      {
        id: 1,
        content: 'Great.',
        name: 'Ana',
        title: 'CMO',
        company: 'Orbit',
        imageUrl: '/a.png',
        rating: 4,
      },
      { content: 'Great.', name: 'Ana', rating: 9, imageUrl: 3, extra: true },
      { id: 'x', content: 'Great.', name: 'Ana', title: null },
      { id: {}, content: 'Great.', name: 'Ana' },
      { content: '', name: 'Ana' },
      'not an object',
    ])
      same(readTestimonialCard, testimonialCardSchema, v);
  });

  it('home case-study cards', () => {
    const base = { id: 1, slug: 's', title: 'T', industry: 'I', duration: 'D', challenge: 'C' };
    const image = {
      src: '/uploads/a.jpg',
      width: 800,
      height: 600,
      alt: 'A',
      sources: [{ type: 'image/webp', srcset: '/uploads/a-400.webp 400w, /uploads/a-800.webp 800w' }],
    };
    for (const v of [
      { ...base, results: [{ metric: 'M', value: '+1%' }], imageUrl: '/a.jpg', image },
      { ...base, image: { ...image, sources: [{ type: 'image/gif', srcset: 'x' }] } },
      // A copy outside the library, or a srcset without widths: the sources are dropped on both sides.
      {
        ...base,
        image: { ...image, sources: [{ type: 'image/avif', srcset: 'https://evil.example/a.avif 400w' }] },
      },
      { ...base, image: { ...image, sources: [{ type: 'image/avif', srcset: '/uploads/a-400.avif' }] } },
      { ...base, image: { src: 1 }, imageUrl: null },
      { ...base, image: null },
      { ...base, results: 'nope' },
      { ...base, id: 1.5 },
      { ...base, title: undefined },
    ])
      same(readHomeCaseStudyCard, homeCaseStudyCardSchema, v);
    for (const srcset of ['https://evil.example/a.avif 400w', '/uploads/a-400.avif'])
      expect(
        readHomeCaseStudyCard({ ...base, image: { ...image, sources: [{ type: 'image/avif', srcset }] } })
          ?.image?.sources,
      ).toEqual([]);
  });

  it("a service's page, displayOrder optional", () => {
    const page = serviceDetailSchema.extend({
      displayOrder: serviceDetailSchema.shape.displayOrder.catch(0),
    });
    const good = {
      id: 3,
      title: 'SEO',
      slug: 'seo',
      description: 'Card text',
      icon: 'bot',
      visual: 'nope',
      features: ['One', { title: 'Two', description: 'More' }, { nope: 1 }],
      provenResult: 5,
      displayOrder: 2,
      subtitle: 'Sub',
      intro: 'Intro',
      benefits: ['B', 3],
      process: [{ phase: 'P' }, { description: 'no phase' }],
      testimonial: { quote: 'Q', author: 'A' },
    };
    expect(readServiceDetail(good)).toEqual(page.parse(good));
    const odd = { id: 3, title: 'SEO', slug: 'seo', description: 'Card', features: 'x', testimonial: 'x' };
    expect(readServiceDetail(odd)).toEqual(page.parse(odd));
    expect(() => readServiceDetail({ title: 'No id' })).toThrow();
  });

  it('hero fields, each on its own', () => {
    const shape = homepageHeroContentSchema.shape;
    const cases: Record<keyof typeof heroFieldReaders, unknown[]> = {
      title: ['Title', '', 3],
      subtitle: ['Sub', ''],
      metrics: [
        [{ value: '1', label: 'L', width: '50%', extra: 1 }],
        [],
        [{ value: '1', label: 'L', width: '150%' }],
      ],
      primaryCTA: [
        { text: 'Go', href: '/contact' },
        { text: 'Go', href: 'https://cal.example.com/x' },
        { text: 'Go', href: 'javascript:x' },
      ],
      secondaryCTA: [{ text: '', href: '/x' }, null],
    };
    for (const [key, values] of Object.entries(cases) as [keyof typeof heroFieldReaders, unknown[]][])
      for (const v of values) {
        const r = shape[key].safeParse(v);
        expect(heroFieldReaders[key](v)).toEqual(r.success ? r.data : undefined);
      }
  });
});
