import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, HOMEPAGE_HERO_DEFAULTS, HOMEPAGE_HERO_IDENTIFIER } from '@agency/contracts';
import { fakeApi, ok } from '@agency/ui/testing';
import { getHomepageHero } from './get-homepage-hero';
import { getTestimonials } from './get-testimonials';
import { getCaseStudies } from './get-case-studies';

/** The API as an older or newer release might answer it, behind the real client. */
const answer = (url: string, body: unknown) => fakeApi({ [url]: ok(body) });

describe('the home page reads what it shows, and nothing more', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a hero block without createdAt, id or name still gives its content', async () => {
    answer(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER), {
      identifier: 'homepage-hero',
      content: { title: 'Growth, Distilled.' },
      extra: true,
    });
    expect((await getHomepageHero()).content).toMatchObject({
      title: 'Growth, Distilled.',
      subtitle: HOMEPAGE_HERO_DEFAULTS.subtitle,
    });
  });

  it('a block keeps its valid fields and takes the default for each invalid one', async () => {
    answer(ApiRoutes.contentBlock(HOMEPAGE_HERO_IDENTIFIER), {
      content: {
        title: 'Search, Simplified.',
        subtitle: '',
        metrics: [{ value: '3x', label: 'ROAS', width: 'javascript:alert(1)' }],
        primaryCTA: { text: 'Talk to us', href: 'javascript:alert(1)' },
        secondaryCTA: { text: 'See our work', href: '/case-studies' },
      },
    });
    expect((await getHomepageHero()).content).toEqual({
      title: 'Search, Simplified.',
      subtitle: HOMEPAGE_HERO_DEFAULTS.subtitle,
      metrics: HOMEPAGE_HERO_DEFAULTS.metrics,
      primaryCTA: HOMEPAGE_HERO_DEFAULTS.primaryCTA,
      secondaryCTA: { text: 'See our work', href: '/case-studies' },
    });
  });

  it('testimonials: one without a name is left out (and logged), the others shown with defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer(ApiRoutes.testimonials, [
      { id: 1, content: 'They fixed our CAC.', name: 'Ana Ruiz', title: 'CMO', company: 'Orbit', rating: 4 },
      { id: 2, content: 'No name on this one.' },
      { content: 'Rating and id missing, a new field added.', name: 'Ben Ode', addedLater: 'x' },
    ]);
    const cards = await getTestimonials();
    expect(cards.map((c) => c.name)).toEqual(['Ana Ruiz', 'Ben Ode']);
    expect(cards[1]).toMatchObject({ rating: 5, title: '', company: '', imageUrl: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('1 of 3 left out'));
  });

  it('a list answer that is not a list is an error, so the section shows its error state', async () => {
    answer(ApiRoutes.caseStudies, { message: 'maintenance' });
    await expect(getCaseStudies()).rejects.toThrow('not a list');
  });
});
