import { Star } from 'lucide-react';
import { DEFAULT_TESTIMONIAL_RATING } from '@agency/contracts/content-values';

/** Filled stars for the rating (1–5, default 5), announced as text for screen readers. */
export function StarRating({ rating }: { rating?: number | null }) {
  const value = Math.min(5, Math.max(1, Math.round(rating ?? DEFAULT_TESTIMONIAL_RATING)));
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${value} out of 5`} data-rating={value}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          data-filled={i < value || undefined}
          className={
            i < value ? 'h-5 w-5 fill-amber-400 text-amber-400' : 'h-5 w-5 fill-slate-200 text-slate-200'
          }
        />
      ))}
    </div>
  );
}
