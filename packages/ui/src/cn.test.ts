import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { conflictsIn } from './class-conflicts';

describe('cn', () => {
  it('joins the classes given, skipping falsy parts', () => {
    expect(cn('text-sm text-ink-900', false, null, undefined, '', 'font-semibold')).toBe(
      'text-sm text-ink-900 font-semibold',
    );
  });

  it('throws in development and tests when two utilities set the same property', () => {
    expect(() => cn('mx-auto w-full max-w-7xl px-4', 'max-w-3xl')).toThrow(
      'cn: max-w-7xl set the same property in "mx-auto w-full max-w-7xl px-4 max-w-3xl"',
    );
    expect(() => cn('bg-white text-ink-900', 'bg-brand-700')).toThrow(/bg-white set the same property/);
  });

  it('takes a component class and the utility that overrides it as no conflict', () => {
    expect(cn('ui-container mx-auto', 'max-w-3xl')).toBe('ui-container mx-auto max-w-3xl');
  });
});

describe('conflictsIn', () => {
  it('knows the theme colours from text sizes, and variants from plain classes', () => {
    expect(conflictsIn('text-sm text-ink-900 hover:bg-brand-700 bg-white')).toEqual([]);
    expect(conflictsIn('h-11 text-base h-9 text-sm')).toEqual(['h-11', 'text-base']);
  });
});
