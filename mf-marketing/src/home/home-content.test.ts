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
  it('uses the spec defaults while the block loads or when it is missing', () => {
    expect(resolveHero(undefined)).toEqual(DEFAULT_HERO);
  });

  it('shows at most three metrics', () => {
    const metric = { value: '1x', label: 'L', width: '50%' };
    expect(resolveHero({ ...DEFAULT_HERO, metrics: [metric, metric, metric, metric] }).metrics).toHaveLength(
      3,
    );
  });
});
