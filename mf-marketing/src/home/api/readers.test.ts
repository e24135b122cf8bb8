import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from '@agency/ui/api-client';
import { getHomepageHero } from './get-homepage-hero';
import { getTestimonials } from './get-testimonials';
import { getCaseStudies } from './get-case-studies';

/** The API as an older or newer release might answer it: served through the client's own transport. */
const answer = (body: unknown) =>
  setApiTransport(
    async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  );

describe('the home page reads what it shows, and nothing more', () => {
  afterEach(() => {
    setApiTransport((url, init) => fetch(url, init));
    vi.restoreAllMocks();
  });

  it('a hero block without createdAt, id or name still gives its content', async () => {
    answer({ identifier: 'homepage-hero', content: { title: 'Growth, Distilled.' }, extra: true });
    expect(await getHomepageHero()).toEqual({ content: { title: 'Growth, Distilled.' } });
  });

  it('testimonials: one without a name is left out (and logged), the others shown with defaults', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer([
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
    answer({ message: 'maintenance' });
    await expect(getCaseStudies()).rejects.toThrow('not a list');
  });
});
