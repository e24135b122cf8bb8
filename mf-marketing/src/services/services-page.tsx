import { Link } from '@agency/ui/router';
import { sitePath } from '@agency/contracts/site-routes';
import { ArrowRight, Check, TrendingUp } from 'lucide-react';
import { Skeleton, buttonClasses } from '@agency/ui';
import { ApproachSection } from '../shared/approach-steps';
import { HeadedSection } from '../shared/headed-section';
import { CtaBand } from '../shared/cta-band';
import { PageHero } from '../shared/page-hero';
import { ServiceBadgeIcon } from '../shared/service-visuals';
import { useServices } from '../home/api/get-services';
import { countedNoun } from '../shared/count-words';

const PICK = 'Pick the service you need today; we make sure it works with everything else you run.';

/** The hero's count is the number of published services, in words; none while it is unknown. */
function servicesIntro(count: number | undefined): string {
  return count
    ? `${countedNoun(count, 'discipline')}, one team and one set of numbers. ${PICK}`
    : `One team and one set of numbers. ${PICK}`;
}

export function ServicesPage() {
  const { data, isPending, isError } = useServices();
  return (
    <>
      <PageHero
        eyebrow="Our Services"
        title="Full-Funnel Growth, Led by Senior Specialists"
        intro={servicesIntro(isError ? undefined : data?.length)}
      >
        <div className="mt-10 flex justify-center">
          <Link to="/contact" className={buttonClasses('primary', 'lg')}>
            Discuss Your Needs
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </div>
      </PageHero>

      <HeadedSection
        id="services-list-heading"
        eyebrow="What We Do"
        title="Services That Move Revenue"
        intro="Every service comes with clear targets, weekly check-ins and reporting tied to the numbers your business runs on."
      >
        {isPending ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true">
            <span className="sr-only">Loading services…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-96 rounded-2xl" />
            ))}
          </div>
        ) : isError || !data.length ? (
          <p className="text-center text-lg text-slate-600">
            Our services are being updated. Please{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline">
              contact us
            </Link>{' '}
            to discuss your needs.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="service-cards">
            {data.map((s) => (
              <li
                key={s.slug}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
                data-testid="service-card"
              >
                <ServiceBadgeIcon icon={s.icon} visual={s.visual} />
                <h3 className="mt-5 text-xl font-semibold text-ink-900">{s.title}</h3>
                <p className="mt-2 text-slate-600">{s.description}</p>
                <h4 className="mt-6 text-sm font-semibold uppercase tracking-wider text-slate-700">
                  What&apos;s included
                </h4>
                <ul className="mt-3 grid gap-2" data-testid="included">
                  {s.features.map((f, i) => (
                    <li key={i} className="flex gap-2 text-sm text-slate-700">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" aria-hidden="true" />
                      {f}
                    </li>
                  ))}
                </ul>
                {s.provenResult ? (
                  <p className="mt-6 flex flex-1 items-start gap-2 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
                    <TrendingUp className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                    <span>Proven results: {s.provenResult}</span>
                  </p>
                ) : (
                  <span className="flex-1" />
                )}
                <Link
                  to={sitePath('service', { slug: s.slug })}
                  className={buttonClasses('secondary', 'md', 'mt-6 self-start')}
                  aria-label={`Learn More about ${s.title}`}
                >
                  Learn More
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>

      <ApproachSection
        eyebrow="Our Approach"
        title="How Every Engagement Runs"
        intro="The same four steps whether we start with SEO, paid media or a new Shopify store."
      />

      <CtaBand
        title="Not Sure Which Service You Need?"
        text="Book a free strategy session. We will review your numbers and tell you honestly where the biggest opportunity is, even if it is not with us."
        contactLabel="Get Your Free Strategy Session"
        more={{ to: '/case-studies', label: 'View Case Studies' }}
      />
    </>
  );
}
