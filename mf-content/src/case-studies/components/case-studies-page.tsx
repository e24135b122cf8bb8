import { Link } from '@agency/ui/router';
import { Container, buttonClasses } from '@agency/ui';
import { useCaseStudies } from '../api/get-case-studies';
import { CardSkeletons, ComingSoon, HeroStats, LoadError, PageHero } from '../../shared/page-states';
import { CaseStudyCard } from './case-study-card';

const HERO_STATS = [
  { value: '150+', label: 'Success Stories' },
  { value: '340%', label: 'Avg. Revenue Growth' },
  { value: '280%', label: 'Traffic Increase' },
] as const;

export function CaseStudiesPage() {
  const { data, isPending, isError } = useCaseStudies();
  if (isError) return <LoadError title="Unable to Load Case Studies" />;

  return (
    <>
      <PageHero
        eyebrow="Case Studies"
        title="Real Results for Real Businesses"
        intro="See how we've helped ambitious brands turn data into growth, with the numbers to prove it."
      >
        <HeroStats stats={HERO_STATS} />
      </PageHero>

      <section aria-labelledby="case-studies-heading" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <h2 id="case-studies-heading" className="sr-only">
            All case studies
          </h2>
          {isPending ? (
            <CardSkeletons
              count={4}
              label="Loading case studies…"
              testId="case-study-skeleton"
              className="md:grid-cols-2"
            />
          ) : data.length === 0 ? (
            <ComingSoon
              title="Case Studies Coming Soon"
              message="We're currently documenting our latest client successes. In the meantime, let's talk about what we could achieve for you."
              links={[
                { to: '/contact', label: 'Discuss Your Project' },
                { to: '/services', label: 'Explore Our Services' },
              ]}
            />
          ) : (
            <ul className="grid gap-8 md:grid-cols-2">
              {data.map((study) => (
                <li key={study.id} className="flex">
                  <CaseStudyCard study={study} />
                </li>
              ))}
            </ul>
          )}
        </Container>
      </section>

      {data && data.length > 0 ? (
        <section className="bg-brand-700 py-16 text-white">
          <Container className="text-center">
            <h2 className="text-3xl font-bold tracking-tight">Ready to Be Our Next Success Story?</h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
              Book a free strategy session and we&apos;ll show you where your fastest growth is hiding.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/contact" className={buttonClasses('inverse', 'lg')}>
                Start Your Growth Journey
              </Link>
              <Link to="/services" className={buttonClasses('outline-inverse', 'lg')}>
                View Our Services
              </Link>
            </div>
          </Container>
        </section>
      ) : null}
    </>
  );
}
