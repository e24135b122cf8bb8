import { Clock } from 'lucide-react';
import type { ResponsiveImage as ResponsiveImageData } from '@agency/contracts/browser';
import { Badge } from './components';
import { ResponsiveImage } from './responsive-image';

/**
 * A case study's picture (16:9, 1200×675 when it is not a library image), or nothing when it has
 * none: the cards of the home page and of /case-studies, and the study's own page.
 */
export function CaseStudyImage({
  study,
  alt,
  sizes,
  className,
  priority,
}: {
  study: { image?: ResponsiveImageData | null | undefined; imageUrl?: string | null | undefined };
  alt: string;
  sizes: string;
  className: string;
  priority?: boolean;
}) {
  if (!study.imageUrl) return null;
  return (
    <ResponsiveImage
      image={study.image}
      src={study.imageUrl}
      alt={alt}
      width={1200}
      height={675}
      sizes={sizes}
      {...(priority ? { priority } : {})}
      className={className}
    />
  );
}

/** A case study card's industry and duration badges (an answer without one shows no empty pill). */
export function CaseStudyBadges({ study }: { study: { industry: string; duration: string } }) {
  return (
    <div className="flex flex-wrap gap-2">
      {study.industry ? <Badge tone="brand">{study.industry}</Badge> : null}
      {study.duration ? (
        <Badge>
          <Clock className="mr-1 h-3 w-3" aria-hidden="true" />
          {study.duration}
        </Badge>
      ) : null}
    </div>
  );
}
