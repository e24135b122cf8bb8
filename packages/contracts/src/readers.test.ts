import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { responsiveImageReader } from './readers';

/** What a page keeps of a library image it reads (the <picture> uses it as it is). */
describe('responsiveImageReader', () => {
  const image = {
    src: '/uploads/a.png',
    width: 1600,
    height: 900,
    alt: 'A team at work',
    sources: [{ type: 'image/avif', srcset: '/uploads/a-480.avif 480w' }],
  };
  const read = (value: unknown) => z.safeParse(responsiveImageReader, value);

  it('keeps a focal point in range, and leaves out one that is not (the centre then)', () => {
    expect(read({ ...image, focus: { x: 30, y: 70 } }).data?.focus).toEqual({ x: 30, y: 70 });
    expect(read({ ...image, focus: { x: 300, y: 70 } }).data).toEqual({ ...image });
    expect(read({ ...image, focus: 'middle' }).data).toEqual({ ...image });
  });

  it('leaves out a source outside the library or of another format, keeping the others', () => {
    const read2 = read({
      ...image,
      sources: [
        ...image.sources,
        { type: 'image/avif', srcset: 'https://elsewhere.example/x.avif 480w' },
        { type: 'image/jpeg', srcset: '/uploads/a-480.jpg 480w' },
      ],
      extra: 'ignored',
    });
    expect(read2.data).toEqual(image);
  });

  it('is no image without a source address or a positive size, and an empty alt when it has none', () => {
    expect(read({ ...image, src: undefined }).success).toBe(false);
    expect(read({ ...image, width: 0 }).success).toBe(false);
    expect(read({ ...image, alt: undefined }).data?.alt).toBe('');
  });
});
