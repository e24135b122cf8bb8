import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes } from '@agency/contracts/routes';
import { getServices, servicesQueryOptions } from './services';
import { fakeApi, ok } from './testing.test-utils';

describe('published services (shared by the footer and the marketing pages)', () => {
  afterEach(() => vi.restoreAllMocks());

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

  it('reads a good answer as sent, fields it does not know left out', async () => {
    fakeApi({ [ApiRoutes.services]: ok([{ ...good, addedLater: true }]) });
    expect(await getServices()).toEqual([good]);
  });

  it('falls back field by field, and leaves out items without an id, title or slug', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const odd = {
      id: 2,
      title: 'Email',
      slug: 'email',
      icon: 'rocket',
      visual: 'service-seo',
      features: [{ title: 'Flows', description: 'x' }, 42],
    };
    fakeApi({
      [ApiRoutes.services]: ok([odd, { title: 'No id', slug: 'x' }, { id: 3, slug: 'no-title' }, null]),
    });
    expect(await getServices()).toEqual([
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
  });

  it('an answer that is not a list is an error (the footer and the grid show their fallbacks)', async () => {
    fakeApi({ [ApiRoutes.services]: ok({ not: 'a list' }) });
    await expect(getServices()).rejects.toThrow('not a list');
  });

  it('uses one query key for every reader', () => {
    expect(servicesQueryOptions.queryKey).toEqual(['services', { published: true }]);
  });
});
