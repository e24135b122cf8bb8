import { Link, useParams } from '@agency/ui/router';
import { ArrowLeft, ArrowRight, CheckCircle2, Quote } from 'lucide-react';
import type { ServiceDetail } from '@agency/contracts';
import { SLUG_PATTERN } from '@agency/contracts/content-values';
import { NOT_FOUND_HEADINGS } from '@agency/contracts/not-found';
import { notFoundHead, serviceHead } from '@agency/contracts/page-head';
import { PageHead } from '@agency/ui/remote-module';
import { Container, SectionHeading, Skeleton, buttonClasses, cn } from '@agency/ui';
import { StepItem } from '../shared/approach-steps';
import { CtaBand } from '../shared/cta-band';
import { PageHero } from '../shared/page-hero';
import { ServiceGlyph, visualClass } from '../shared/service-visuals';
import { StarRating } from '../shared/star-rating';
import { countedNoun } from '../shared/count-words';
import { useService } from './api/get-service';

/**
 * The 'At a glance' facts, each derived from the service's own record (counts in words), so a
 * service created in the CMS never shows claims written for another one.
 */
function glanceFacts(s: ServiceDetail): string[] {
  const facts: string[] = [];
  if (s.features.length) facts.push(`${countedNoun(s.features.length, 'workstream')} included`);
  if (s.process.length) facts.push(`${countedNoun(s.process.length, 'step')} from first call to results`);
  if (s.benefits.length) facts.push(`${countedNoun(s.benefits.length, 'result')} clients see`);
  return facts;
}

export function ServiceDetailPage() {
  const slug = useParams()['slug'] ?? '';
  const validSlug = SLUG_PATTERN.test(slug);
  const { data, isPending, isError } = useService(slug);
  // Unknown, unpublished (the API answers 404) or malformed: the same page, served with status 404.
  if (!validSlug || isError || (!isPending && !data)) {
    return (
      <>
        <PageHead head={(site, path) => notFoundHead(site, path, 'service')} />
        <ServiceNotFound />
      </>
    );
  }
  if (isPending) return <ServiceSkeleton />;
  return (
    <>
      <PageHead head={(site, path) => serviceHead(site, path, data)} />
      <ServiceDetailView service={data} />
    </>
  );
}

function ServiceSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading service…</span>
      <div className="bg-ink-950 pb-16 pt-32 sm:pb-24 sm:pt-36">
        <Container>
          <Skeleton className="h-4 w-32 bg-white/20" />
          <Skeleton className="mt-8 h-14 w-14 rounded-xl bg-white/20" />
          <Skeleton className="mt-6 h-12 w-2/3 bg-white/20" />
          <Skeleton className="mt-4 h-6 w-1/2 bg-white/20" />
        </Container>
      </div>
    </div>
  );
}

function ServiceNotFound() {
  return (
    <PageHero
      eyebrow="Services"
      title={NOT_FOUND_HEADINGS.service}
      intro="The service you're looking for doesn't exist."
      className="min-h-[60vh]"
    >
      <div className="mt-10 flex justify-center">
        <Link to="/services" className={buttonClasses('inverse', 'lg')}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          View All Services
        </Link>
      </div>
    </PageHero>
  );
}

function ServiceDetailView({ service: s }: { service: ServiceDetail }) {
  // An empty field falls back to the next one: subtitle, else description; the introduction, else
  // the description when the subtitle line did not already show it.
  const tagline = s.subtitle.trim() || s.description.trim();
  const intro = s.intro.trim() || (s.subtitle.trim() ? s.description.trim() : '');
  const facts = glanceFacts(s);
  return (
    <>
      <section
        className={cn(
          'relative overflow-hidden pb-16 pt-32 text-white sm:pb-24 sm:pt-36',
          visualClass(s.visual),
        )}
      >
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-ink-950/25" />
        <Container className="relative">
          <Link
            to="/services"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-white/90 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            All services
          </Link>
          <div className="mt-8 grid items-center gap-12 lg:grid-cols-[1.4fr_1fr]">
            <div>
              <span
                aria-hidden="true"
                className="inline-flex h-14 w-14 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/40"
              >
                <ServiceGlyph icon={s.icon} className="h-7 w-7" />
              </span>
              <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">{s.title}</h1>
              {tagline ? (
                <p className="mt-4 text-xl font-medium text-white sm:text-2xl" data-testid="service-tagline">
                  {tagline}
                </p>
              ) : null}
              {intro && intro !== tagline ? (
                <p className="mt-6 text-lg text-white/90" data-testid="service-intro">
                  {intro}
                </p>
              ) : null}
              <div className="mt-10 flex flex-col gap-3 sm:flex-row">
                <Link to="/contact" className={buttonClasses('inverse', 'lg')}>
                  Get Started Today
                  <ArrowRight className="h-5 w-5" aria-hidden="true" />
                </Link>
                <Link to="/case-studies" className={buttonClasses('outline-inverse', 'lg')}>
                  View Results
                </Link>
              </div>
            </div>
            {s.provenResult || facts.length ? (
              <aside
                aria-label="At a glance"
                className="rounded-2xl bg-ink-950/40 p-6 ring-1 ring-white/20 backdrop-blur sm:p-8"
              >
                {s.provenResult ? (
                  <>
                    <p className="text-sm font-semibold uppercase tracking-wider text-white/80">
                      Typical result
                    </p>
                    <p className="mt-2 text-2xl font-bold leading-snug">{s.provenResult}</p>
                  </>
                ) : null}
                {facts.length ? (
                  <ul
                    className={cn(
                      'grid gap-3 text-white/90',
                      s.provenResult && 'mt-6 border-t border-white/20 pt-6',
                    )}
                    data-testid="glance-facts"
                  >
                    {facts.map((item) => (
                      <li key={item} className="flex gap-2">
                        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                        {item}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </aside>
            ) : null}
          </div>
        </Container>
      </section>

      {s.benefits.length ? (
        <section className="py-16 sm:py-24" aria-labelledby="results-heading">
          <Container>
            <SectionHeading
              eyebrow="Why It Works"
              title={<span id="results-heading">Proven Results</span>}
              intro={`${countedNoun(s.benefits.length, 'result')} clients see from ${s.title} with us.`}
            />
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="benefits">
              {s.benefits.map((b) => (
                <li key={b} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                  <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-accent-500" aria-hidden="true" />
                  <span className="text-lg text-ink-900">{b}</span>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      ) : null}

      {s.features.length ? (
        <section className="bg-slate-50 py-16 sm:py-24" aria-labelledby="included-heading">
          <Container>
            <SectionHeading
              eyebrow="The Service"
              title={<span id="included-heading">What&apos;s Included</span>}
              intro={`${countedNoun(s.features.length, 'workstream')}, run by the same senior team and reported in one place.`}
            />
            <ul className="flex flex-wrap justify-center gap-6" data-testid="features">
              {s.features.map((f) => (
                <li
                  key={f.title}
                  className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]"
                >
                  <h3 className="text-lg font-semibold text-ink-900">{f.title}</h3>
                  <p className="mt-2 text-slate-600">{f.description}</p>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      ) : null}

      {s.process.length ? (
        <section className="py-16 sm:py-24" aria-labelledby="process-heading">
          <Container>
            <SectionHeading
              eyebrow="How We Work"
              title={<span id="process-heading">Our Process</span>}
              intro={`${countedNoun(s.process.length, 'step')}, from the first call to measurable progress.`}
            />
            <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="process">
              {s.process.map((step, i) => (
                <StepItem
                  key={step.phase}
                  step={i + 1}
                  mark={String(i + 1)}
                  markClassName={visualClass(s.visual)}
                  title={step.phase}
                  description={step.description}
                />
              ))}
            </ol>
          </Container>
        </section>
      ) : null}

      {s.testimonial ? (
        <section className="bg-slate-50 py-16 sm:py-24" aria-labelledby="testimonial-heading">
          <Container className="max-w-4xl">
            <h2 id="testimonial-heading" className="sr-only">
              Client Testimonial
            </h2>
            <figure className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
              <Quote className="mx-auto h-10 w-10 text-brand-200" aria-hidden="true" />
              <div className="mt-4 flex justify-center">
                <StarRating rating={5} />
              </div>
              <blockquote className="mt-6 text-xl font-medium text-ink-900 sm:text-2xl">
                <p>&ldquo;{s.testimonial.quote}&rdquo;</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold text-ink-900">{s.testimonial.author}</span>
                {s.testimonial.role ? (
                  <span className="block text-slate-600">{s.testimonial.role}</span>
                ) : null}
              </figcaption>
            </figure>
          </Container>
        </section>
      ) : null}

      <CtaBand
        title={`Ready to Grow With ${s.title}?`}
        text="Start with a free strategy session: a senior specialist reviews your numbers and shows you where the first wins are. No obligation."
        contactLabel="Get Your Free Strategy Session"
        more={{ to: '/services', label: 'View All Services' }}
      />
    </>
  );
}
