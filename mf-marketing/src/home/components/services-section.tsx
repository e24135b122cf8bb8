import { Link } from '@agency/ui/router';
import { sitePath } from '@agency/contracts/site-routes';
import { ArrowRight } from 'lucide-react';
import { Container, SectionHeading, Skeleton } from '@agency/ui';
import { ServiceBadgeIcon } from '../../shared/service-visuals';
import { useServices } from '../api/get-services';
import { FALLBACK_SERVICES, type ServiceCardView } from '../home-content';

export function ServicesSection() {
  const { data, isPending } = useServices();
  const cards: ServiceCardView[] = data?.length ? data : FALLBACK_SERVICES;

  return (
    <section className="py-16 sm:py-24" aria-labelledby="home-services-heading">
      <Container>
        <SectionHeading
          eyebrow="What We Do"
          title={<span id="home-services-heading">Services Built Around Your Numbers</span>}
          intro="Every engagement is led by a senior specialist and measured against revenue, not vanity metrics."
        />
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <span className="sr-only">Loading services…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56 rounded-2xl" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-services">
            {cards.map((s) => (
              <li
                key={s.slug}
                className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2"
              >
                <ServiceBadgeIcon icon={s.icon} visual={s.visual} />
                <h3 className="mt-5 text-xl font-semibold text-ink-900">
                  <Link
                    to={sitePath('service', { slug: s.slug })}
                    className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
                  >
                    {s.title}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-slate-600">{s.description}</p>
                <span
                  aria-hidden="true"
                  className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:gap-2"
                >
                  Learn More <ArrowRight className="h-4 w-4" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </section>
  );
}
