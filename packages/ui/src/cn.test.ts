import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later class override a conflicting earlier one', () => {
    expect(cn('mx-auto w-full max-w-7xl px-4', 'max-w-3xl')).toBe('mx-auto w-full px-4 max-w-3xl');
    expect(cn('bg-white text-ink-900', 'bg-brand-700')).toBe('text-ink-900 bg-brand-700');
  });

  it('keeps classes that do not conflict, including the theme colours and text sizes', () => {
    expect(cn('text-sm text-ink-900', false, null, 'font-semibold')).toBe(
      'text-sm text-ink-900 font-semibold',
    );
  });
});
