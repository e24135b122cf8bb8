import { useRef, useState } from 'react';
import { Link } from '@agency/ui/router';
import { useQueryClient } from '@tanstack/react-query';
import { RESOURCE_TYPES, type Resource } from '@agency/contracts/browser';
import { Container, buttonClasses } from '@agency/ui';
import { resourcesQueryOptions, useResources } from '../api/get-resources';
import { RESOURCE_TYPE_INFO } from '../resource-types';
import { CardSkeletons, ComingSoon, HeroStats, LoadError, PageHero } from '../../shared/page-states';
import { ResourceCard } from './resource-card';
import { AccessDialog } from './access-dialog';

const HERO_STATS = [
  { value: '50+', label: 'Expert Resources' },
  { value: '5', label: 'Resource Types' },
  { value: 'Free', label: 'For Every Team' },
] as const;

export function ResourcesPage() {
  const { data, isPending, isError } = useResources();
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState<Resource | null>(null);
  // The shared Dialog has no trigger, so focus is handed back to the opening button by hand.
  const opener = useRef<HTMLElement | null>(null);
  const requestAccess = (resource: Resource) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRequested(resource);
  };
  const closeDialog = () => {
    setRequested(null);
    requestAnimationFrame(() => opener.current?.focus());
  };

  if (isError) return <LoadError title="Unable to Load Resources" />;

  /** The download endpoint counts the download; show the new count without refetching the list. */
  const countDownload = (resource: Resource) => {
    queryClient.setQueryData(resourcesQueryOptions().queryKey, (list) =>
      list?.map((r) => (r.id === resource.id ? { ...r, downloadCount: (r.downloadCount ?? 0) + 1 } : r)),
    );
  };

  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Free Marketing Resources"
        intro="Guides, checklists, templates and research from our senior team, so you can put proven growth tactics to work today."
      >
        <HeroStats stats={HERO_STATS} />
      </PageHero>

      <section aria-labelledby="resources-heading" className="bg-slate-50 py-16 sm:py-20">
        <Container>
          <h2 id="resources-heading" className="text-2xl font-bold text-ink-900 sm:text-3xl">
            Download Our Resources
          </h2>
          <div className="mt-8">
            {isPending ? (
              <CardSkeletons
                count={6}
                label="Loading resources…"
                testId="resource-skeleton"
                className="md:grid-cols-2 lg:grid-cols-3"
              />
            ) : data.length === 0 ? (
              <ComingSoon
                title="Resources Coming Soon"
                message="We're putting the finishing touches on guides, checklists and templates. Talk to us, or read the blog in the meantime."
                links={[
                  { to: '/contact', label: 'Contact Us' },
                  { to: '/blog', label: 'Read Our Blog' },
                ]}
              />
            ) : (
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {data.map((resource) => (
                  <li key={resource.id} className="flex">
                    <ResourceCard
                      resource={resource}
                      onRequestAccess={requestAccess}
                      onDownload={countDownload}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Container>
      </section>

      <section aria-labelledby="types-heading" className="py-16 sm:py-20">
        <Container>
          <h2 id="types-heading" className="text-center text-2xl font-bold text-ink-900 sm:text-3xl">
            Resource Categories
          </h2>
          <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {RESOURCE_TYPES.map((type) => {
              const { label, icon: Icon, blurb } = RESOURCE_TYPE_INFO[type];
              return (
                <li
                  key={type}
                  className="rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm"
                >
                  <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-ink-950 text-accent-400">
                    <Icon className="h-6 w-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-3 font-bold text-ink-900">{label}</h3>
                  <p className="mt-1 text-sm text-slate-600">{blurb}</p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section className="bg-brand-700 py-16 text-white">
        <Container className="text-center">
          <h2 className="text-3xl font-bold tracking-tight">Need a Custom Strategy?</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
            Resources are a great start. For a plan built around your numbers, talk to a senior strategist.
          </p>
          <Link to="/contact" className={buttonClasses('inverse', 'lg', 'mt-8')}>
            Get Your Free Strategy Session
          </Link>
        </Container>
      </section>

      <AccessDialog resource={requested} onClose={closeDialog} />
    </>
  );
}
