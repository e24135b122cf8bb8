import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

const image = { src: '/uploads/a.png', width: 1600, height: 900, alt: 'A team at work', sources: [] };

describe('ResponsiveImage: the focal point staff set in the library (issue 41)', () => {
  it('keeps the focal point in view in a cover crop, and the centre without one', () => {
    const shown = (focus?: unknown) =>
      render(
        <ResponsiveImage
          image={{ ...image, ...(focus !== undefined && { focus }) } as never}
          src={image.src}
          alt=""
          sizes="100vw"
          width={1600}
          height={900}
          className="object-cover"
        />,
      ).container.querySelector('img')!.style.objectPosition;
    expect(shown({ x: 30, y: 70 })).toBe('30% 70%');
    expect(shown()).toBe('');
  });
});
