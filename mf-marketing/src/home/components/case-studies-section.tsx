import { sitePath } from '@agency/contracts/site-routes';
import { Link } from '@agency/ui/router';
import { ArrowRight } from 'lucide-react';
import type { HomeCaseStudyCard } from '@agency/contracts/readers';
import { CASE_STUDY_CARD_RESULT_LIMIT, HOME_CASE_STUDY_LIMIT } from '@agency/contracts/content-values';
import { CaseStudyBadges, CaseStudyImage, Container, SectionHeading, buttonClasses } from '@agency/ui';
import { useCaseStudies } from '../api/get-case-studies';

export function CaseStudiesSection() {
  const { data, isPending, isError } = useCaseStudies();
  const items = isError ? [] : (data ?? []).slice(0, HOME_CASE_STUDY_LIMIT);

  return (
    <section className="py-16 sm:py-24" aria-labelledby="home-case-studies-heading">
      <Container>
        <SectionHeading
          eyebrow="Proven Results"
          title={<span id="home-case-studies-heading">Client Success Stories</span>}
          intro="Real numbers from real engagements: what we changed, and what it was worth."
        />
        {isPending ? (
          <div className="grid gap-6 md:grid-cols-2" aria-busy="true" data-testid="case-studies-loading">
            <span className="sr-only">Loading case studies…</span>
            {[0, 1].map((i) => (
              <div key={i} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6">
                <div className="h-40 rounded-xl bg-slate-200" />
                <div className="mt-5 h-5 w-1/3 rounded bg-slate-200" />
                <div className="mt-3 h-7 w-3/4 rounded bg-slate-200" />
                <div className="mt-3 h-4 w-full rounded bg-slate-200" />
              </div>
            ))}
          </div>
        ) : items.length ? (
          <ul className="grid gap-6 md:grid-cols-2" data-testid="home-case-studies">
            {items.map((cs) => (
              <CaseStudyCard key={cs.id} study={cs} />
            ))}
          </ul>
        ) : (
          <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center sm:p-10">
            <p className="text-lg text-slate-700">
              Case studies are coming soon. We&apos;re currently documenting our latest client successes.
            </p>
            <Link to="/contact" className={buttonClasses('primary', 'md', 'mt-6')}>
              Discuss Your Project
            </Link>
          </div>
        )}
        <div className="mt-10 text-center">
          <Link to="/case-studies" className={buttonClasses('outline', 'md')}>
            View All Case Studies
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </Container>
    </section>
  );
}

function CaseStudyCard({ study }: { study: HomeCaseStudyCard }) {
  const results = study.results.slice(0, CASE_STUDY_CARD_RESULT_LIMIT);
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2">
      <CaseStudyImage
        study={study}
        alt={`${study.title}: project image`}
        sizes="(min-width: 768px) 600px, 100vw"
        className="aspect-[16/9] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <CaseStudyBadges study={study} />
        <h3 className="mt-4 text-xl font-semibold text-ink-900">
          <Link
            to={sitePath('case-study', { slug: study.slug })}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {study.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-slate-600">{study.challenge}</p>
        {results.length ? (
          <dl
            className="mt-6 grid grid-cols-3 gap-3 border-t border-slate-100 pt-5"
            data-testid="case-study-results"
          >
            {results.map((r) => (
              <div key={`${r.metric}-${r.value}`} className="flex flex-col-reverse">
                <dt className="text-xs text-slate-600">{r.metric}</dt>
                <dd className="text-xl font-bold text-brand-700">{r.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}
