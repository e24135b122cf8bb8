import type { ResponsiveImage as ResponsiveImageData } from '@agency/contracts/browser';

const SOURCE_TYPES = ['image/avif', 'image/webp'];

/** Tolerant reading (the public pages do not run zod): a malformed image is no image. */
function usable(image: ResponsiveImageData | null | undefined): ResponsiveImageData | null {
  if (!image || typeof image !== 'object') return null;
  const { src, width, height } = image;
  if (typeof src !== 'string' || !(Number(width) > 0) || !(Number(height) > 0)) return null;
  const sources = (Array.isArray(image.sources) ? image.sources : []).filter(
    (s) => s && SOURCE_TYPES.includes(s.type) && typeof s.srcset === 'string' && s.srcset,
  );
  const { focus } = image;
  const percent = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 100;
  return {
    src,
    width,
    height,
    alt: typeof image.alt === 'string' ? image.alt : '',
    sources,
    ...(focus && percent(focus.x) && percent(focus.y) && { focus }),
  };
}

/**
 * A media-library image as a <picture>: AVIF and WebP sources sized by `sizes`, the original as the
 * <img> with its intrinsic width and height (the layout is reserved before it loads). Without
 * `image` (an older API, or a URL that is not a library file) it is the plain <img> of `src`.
 * The library's alt text wins; `alt` is what the page says when the library has none.
 */
export function ResponsiveImage({
  image,
  src,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  image?: ResponsiveImageData | null;
  src: string;
  alt: string;
  sizes: string;
  /** The plain <img>'s size when there is no library image. */
  width: number;
  height: number;
  /** The page's largest image: fetched first and at once (not lazily). */
  priority?: boolean;
  className?: string;
}) {
  const found = usable(image);
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy' } as const);
  if (!found) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        decoding="async"
        {...loading}
        className={className}
      />
    );
  }
  return (
    <picture className="contents">
      {found.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        src={found.src}
        alt={found.alt || alt}
        width={found.width}
        height={found.height}
        decoding="async"
        {...loading}
        className={className}
        // Where a cover crop (object-cover) keeps its centre: the focal point staff set in the library.
        style={found.focus ? { objectPosition: `${found.focus.x}% ${found.focus.y}%` } : undefined}
      />
    </picture>
  );
}
