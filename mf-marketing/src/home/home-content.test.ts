import { describe, expect, it } from 'vitest';
import { DEFAULT_HERO, resolveHero, splitTitle } from './home-content';

describe('splitTitle', () => {
  it('splits at the first comma only, keeping the comma on the first line', () => {
    expect(splitTitle('Digital Performance, Distilled.')).toEqual({
      lead: 'Digital Performance,',
      highlight: 'Distilled.',
    });
    expect(splitTitle('Clarity, creativity, growth')).toEqual({
      lead: 'Clarity,',
      highlight: 'creativity, growth',
    });
  });

  it('leaves a title without a comma on one line with nothing highlighted', () => {
    expect(splitTitle('Growth that compounds')).toEqual({ lead: 'Growth that compounds', highlight: '' });
  });
});

describe('resolveHero', () => {
  it('uses the spec defaults for a missing block', () => {
    expect(resolveHero(undefined)).toEqual(DEFAULT_HERO);
    expect(resolveHero([])).toEqual(DEFAULT_HERO);
  });

  it('keeps valid fields and replaces invalid ones by their default', () => {
    const hero = resolveHero({
      title: 'Search, Simplified.',
      metrics: [{ value: '3x', label: 'ROAS', width: 'javascript:alert(1)' }],
      primaryCTA: { text: 'Talk to us', href: 'javascript:alert(1)' },
      secondaryCTA: { text: 'See our work', href: '/case-studies' },
    });
    expect(hero.title).toBe('Search, Simplified.');
    expect(hero.subtitle).toBe(DEFAULT_HERO.subtitle);
    expect(hero.metrics).toEqual(DEFAULT_HERO.metrics);
    expect(hero.primaryCTA).toEqual(DEFAULT_HERO.primaryCTA);
    expect(hero.secondaryCTA).toEqual({ text: 'See our work', href: '/case-studies' });
  });
});
