import { Quote } from 'lucide-react';
import { Container, SectionHeading, Skeleton } from '@agency/ui';
import { StarRating } from '../../shared/star-rating';
import { useTestimonials } from '../api/get-testimonials';
import { CLIENT_NAMES, FALLBACK_TESTIMONIALS, type TestimonialView } from '../home-content';

export function TestimonialsSection() {
  const { data, isPending } = useTestimonials();
  const items: TestimonialView[] = data?.length
    ? data.map((t, i) => ({ ...t, key: String(t.id ?? i) }))
    : FALLBACK_TESTIMONIALS;

  return (
    <section className="bg-slate-50 py-16 sm:py-24" aria-labelledby="home-testimonials-heading">
      <Container>
        <SectionHeading
          eyebrow="Testimonials"
          title={<span id="home-testimonials-heading">What Our Clients Say</span>}
          intro="Marketing leaders who hired us to fix a number, and stayed because we did."
        />
        {isPending ? (
          <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
            <span className="sr-only">Loading testimonials…</span>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-56 rounded-2xl" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2" data-testid="home-testimonials">
            {items.map((t) => (
              <li key={t.key} className="flex">
                <figure className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                  <div className="flex items-center justify-between">
                    <StarRating rating={t.rating} />
                    <Quote className="h-8 w-8 text-brand-200" aria-hidden="true" />
                  </div>
                  <blockquote className="mt-4 flex-1 text-lg text-ink-900">
                    <p>&ldquo;{t.content}&rdquo;</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
                    >
                      {initials(t.name)}
                    </span>
                    <span>
                      <span className="block font-semibold text-ink-900">{t.name}</span>
                      <span className="block text-sm text-slate-600">
                        {[t.title, t.company].filter(Boolean).join(', ')}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-16">
          <h3 className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600">
            Trusted by growing brands
          </h3>
          <ul
            className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
            data-testid="client-names"
          >
            {CLIENT_NAMES.map((name) => (
              <li
                key={name}
                className="flex h-16 items-center justify-center rounded-xl border border-slate-200 bg-white px-3 text-center text-sm font-semibold text-slate-700"
              >
                {name}
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
