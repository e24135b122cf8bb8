import type { ResponsiveImage as ResponsiveImageData } from '@agency/contracts/browser';

/**
 * A media-library image as a <picture>: AVIF and WebP sources sized by `sizes`, the original as the
 * <img> with its intrinsic width and height (the layout is reserved before it loads). Without
 * `image` (an older API, or a URL that is not a library file) it is the plain <img> of `src`.
 * The library's alt text wins; `alt` is what the page says when the library has none. `image` is
 * what the page's reader kept (responsiveImageReader: a malformed image, source or focal point is
 * already left out), so it is used as it is.
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
  const found = image ?? null;
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
