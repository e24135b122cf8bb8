import { describe, expect, it } from 'vitest';
import { transformCss } from './layered-utilities';

describe('layered utilities', () => {
  it('moves plain, state and breakpoint utilities into ordered sub-layers', () => {
    const out = transformCss(
      '@layer utilities{.hidden{display:none}.hover\\:underline:hover{text-decoration:underline}@media (min-width:48rem){.md\\:block{display:block}}@media (min-width:40rem){.sm\\:flex{display:flex}}}',
    );
    expect(
      out.startsWith(
        '@layer theme,base,components,utilities;@layer utilities.plain,utilities.state,utilities.sm,utilities.md',
      ),
    ).toBe(true);
    const order = [
      '@layer plain',
      '.hidden',
      '@layer state',
      '.hover\\:underline',
      '@layer sm',
      '.sm\\:flex',
      '@layer md',
      '.md\\:block',
    ];
    const positions = order.map((s) => out.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('leaves other layers alone', () => {
    const out = transformCss('@layer base{h1{margin:0}}');
    expect(out).toContain('@layer base{h1{margin:0}}');
  });
});
