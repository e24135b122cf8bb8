import type { ReactNode } from 'react';
import { Link, useParams } from '@agency/ui/router';
import { Building2, Calendar, CheckCircle2, Clock, Lightbulb, Target } from 'lucide-react';
import {
  CASE_STUDY_IMAGE_SIZES,
  NOT_FOUND_HEADINGS,
  SLUG_PATTERN,
  caseStudyHead,
  type CaseStudy,
} from '@agency/contracts/browser';
import {
  Badge,
  Card,
  Container,
  CaseStudyImage,
  Skeleton,
  buttonClasses,
  formatDate,
  LabelledList,
} from '@agency/ui';
import { useCaseStudy } from '../api/get-case-study';
import { BackLink, ItemColumns, ItemStates, MoreBand } from '../../shared/page-states';

export function CaseStudyDetailPage() {
  const slug = useParams()['slug'] ?? '';
  const query = useCaseStudy(slug);
  return (
    <ItemStates
      query={query}
      missing={!SLUG_PATTERN.test(slug)}
      notFound={{
        title: NOT_FOUND_HEADINGS['case-study'],
        message: "The case study you're looking for doesn't exist or has been moved.",
        linkTo: '/case-studies',
        linkLabel: 'View All Case Studies',
      }}
      head={{ route: 'case-study', of: (study) => (site, path) => caseStudyHead(site, path, study) }}
      skeleton={<DetailSkeleton />}
    >
      {(study) => <CaseStudyDetail study={study} />}
    </ItemStates>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading case study…</span>
      <div className="bg-ink-950 pb-16 pt-32">
        <Container>
          <Skeleton className="h-4 w-40 bg-white/20" />
          <Skeleton className="mt-6 h-10 w-3/4 bg-white/20" />
          <Skeleton className="mt-4 h-5 w-1/3 bg-white/20" />
        </Container>
      </div>
      <Container className="py-12">
        <Skeleton className="aspect-video w-full rounded-2xl" />
      </Container>
    </div>
  );
}

function CaseStudyDetail({ study }: { study: CaseStudy }) {
  return (
    <article>
      <header className="bg-ink-950 pb-16 pt-32 text-white sm:pt-36">
        <Container>
          <BackLink to="/case-studies" label="Back to Case Studies" />
          <LabelledList label="Project tags" className="mt-6 flex flex-wrap gap-2">
            <li>
              <Badge tone="brand">{study.industry}</Badge>
            </li>
            <li>
              <Badge className="bg-white/10! text-white! ring-1 ring-white/15">
                <Clock className="mr-1 h-3 w-3" aria-hidden="true" />
                {study.duration}
              </Badge>
            </li>
            {study.services.map((s) => (
              <li key={s}>
                <Badge className="bg-white/10! text-white! ring-1 ring-white/15">{s}</Badge>
              </li>
            ))}
          </LabelledList>
          <h1 className="mt-5 max-w-4xl text-3xl font-bold tracking-tight sm:text-5xl">{study.title}</h1>
          <div className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-slate-300">
            <span className="inline-flex items-center gap-2">
              <Building2 className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">Client: </span>
              {study.client}
            </span>
            <span className="inline-flex items-center gap-2">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">Published: </span>
              <time dateTime={study.createdAt}>{formatDate(study.createdAt)}</time>
            </span>
          </div>
          {study.results.length > 0 ? (
            <LabelledList
              label="Results summary"
              className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
            >
              {study.results.map((r) => (
                <li key={r.metric} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                  <span className="block text-2xl font-bold text-accent-400 sm:text-3xl">{r.value}</span>
                  <span className="mt-1 block text-sm text-slate-300">{r.metric}</span>
                </li>
              ))}
            </LabelledList>
          ) : null}
        </Container>
      </header>

      <ItemColumns
        sidebarTestId="study-sidebar"
        sidebar={
          <>
            <Card className="p-6">
              <h2 className="text-lg font-bold text-ink-900">Project Details</h2>
              <dl className="mt-4 grid gap-4 text-sm">
                <Detail term="Client">{study.client}</Detail>
                <Detail term="Industry">{study.industry}</Detail>
                <Detail term="Duration">{study.duration}</Detail>
                <Detail term="Services">
                  <ul className="mt-1 flex flex-wrap gap-2">
                    {study.services.map((s) => (
                      <li key={s}>
                        <Badge>{s}</Badge>
                      </li>
                    ))}
                  </ul>
                </Detail>
              </dl>
            </Card>
            <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-sm">
              <h2 className="text-lg font-bold">Want Similar Results?</h2>
              <p className="mt-2 text-brand-50">
                Let&apos;s talk about your goals. Your free strategy session comes with no obligation.
              </p>
              <Link to="/contact" className={buttonClasses('inverse', 'md', 'mt-5 w-full')}>
                Get Your Free Strategy Session
              </Link>
            </div>
          </>
        }
      >
        <CaseStudyImage
          study={study}
          alt={`Illustration for ${study.title}`}
          sizes={CASE_STUDY_IMAGE_SIZES}
          // The page's largest image: preloaded from the head by the server, fetched first.
          priority
          className="aspect-video w-full rounded-2xl object-cover shadow-sm"
        />
        <StorySection icon={<Target className="h-5 w-5" aria-hidden="true" />} title="The Challenge">
          {study.challenge}
        </StorySection>
        <StorySection icon={<Lightbulb className="h-5 w-5" aria-hidden="true" />} title="Our Solution">
          {study.solution}
        </StorySection>
        {study.results.length > 0 ? (
          <section className="mt-12">
            <h2 className="text-2xl font-bold text-ink-900">Detailed Results</h2>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {study.results.map((r) => (
                <li
                  key={r.metric}
                  className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4"
                >
                  <CheckCircle2 className="h-6 w-6 shrink-0 text-emerald-600" aria-hidden="true" />
                  <span>
                    <span className="block text-xl font-bold text-ink-900">{r.value}</span>
                    <span className="block text-sm text-slate-600">{r.metric}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </ItemColumns>

      <MoreBand
        title="More Success Stories"
        text="See how we've helped other businesses grow."
        linkTo="/case-studies"
        linkLabel="View All Case Studies"
      />
    </article>
  );
}

function StorySection({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mt-12 first:mt-0">
      <h2 className="flex items-center gap-3 text-2xl font-bold text-ink-900">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {title}
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{children}</p>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-ink-900">{children}</dd>
    </div>
  );
}
