import { describe, expect, it } from 'vitest';
import { serviceListSchema } from '@agency/contracts';
import { normalizeServices, servicesQueryOptions } from './services';

describe('published services (shared by the footer and the marketing pages)', () => {
  const good = {
    id: 1,
    title: 'SEO & Content',
    slug: 'seo',
    description: 'Card text',
    icon: 'search',
    visual: 'ocean',
    features: ['Technical SEO Audit', 'Digital PR'],
    provenResult: '247% growth',
    displayOrder: 1,
  };

  it('reads a list the way the contract does, without zod', () => {
    expect(normalizeServices([good])).toEqual(serviceListSchema.parse([good]));
  });

  it('falls back field by field, and leaves out items without an id, title or slug', () => {
    const odd = {
      id: 2,
      title: 'Email',
      slug: 'email',
      icon: 'rocket',
      visual: 'service-seo',
      features: [{ title: 'Flows', description: 'x' }, 42],
    };
    expect(
      normalizeServices([odd, { title: 'No id', slug: 'x' }, { id: 3, slug: 'no-title' }, null]),
    ).toEqual([
      {
        id: 2,
        title: 'Email',
        slug: 'email',
        description: '',
        icon: 'search',
        visual: 'ocean',
        features: ['Flows'],
        provenResult: '',
        displayOrder: 0,
      },
    ]);
    expect(normalizeServices({ not: 'a list' })).toEqual([]);
  });

  it('uses one query key for every reader', () => {
    expect(servicesQueryOptions.queryKey).toEqual(['services', { published: true }]);
  });
});
