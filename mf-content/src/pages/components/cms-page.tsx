import { useMemo } from 'react';
import { Link, useParams } from '@agency/ui/router';
import {
  SLUG_PATTERN,
  cmsPageHead,
  fillPagePlaceholders,
  notFoundHead,
  pageBody,
  type PublicPage,
} from '@agency/contracts/browser';
import { useQuery } from '@tanstack/react-query';
import {
  Container,
  FALLBACK_SITE_SETTINGS,
  NotFoundBlock,
  PAGE_NOT_FOUND,
  Skeleton,
  formatDate,
  siteSettingsQueryOptions,
} from '@agency/ui';
import { PageHead } from '@agency/ui/remote-module';
import { usePage } from '../api/get-page';
import { markdownHtml, richTextClasses } from '@agency/ui/rich-text';

/** A published page the CMS manages, at /{slug}. */
export function CmsPage() {
  const slug = useParams()['slug'] ?? '';
  const valid = SLUG_PATTERN.test(slug);
  const { data, isPending, isError } = usePage(slug, valid);

  if (!valid || isError) return <PageNotFound />;
  if (isPending) return <PageSkeleton />;
  return (
    <>
      <PageHead head={(site, path) => cmsPageHead(site, path, data)} />
      <ManagedPage page={data} />
    </>
  );
}

function ManagedPage({ page }: { page: PublicPage }) {
  // The shell's server render prefetches the settings, so the server and the browser fill the same value.
  const { data: settings = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);
  const html = useMemo(() => markdownHtml(fillPagePlaceholders(pageBody(page), settings)), [page, settings]);
  return (
    <article>
      <header className="bg-ink-950 pb-14 pt-32 text-white sm:pt-36">
        <Container className="max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{page.title}</h1>
          <p className="mt-4 text-sm text-slate-300">
            Last updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
          </p>
        </Container>
      </header>
      <Container className="max-w-3xl py-14 sm:py-16">
        <div data-testid="page-body" className={richTextClasses} dangerouslySetInnerHTML={{ __html: html }} />
      </Container>
    </article>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading page…</span>
      <div className="bg-ink-950 pb-14 pt-32">
        <Container className="max-w-3xl">
          <Skeleton className="h-10 w-2/3 bg-white/20" />
        </Container>
      </div>
      <Container className="max-w-3xl py-14">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="mt-3 h-4 w-full" />
        ))}
      </Container>
    </div>
  );
}

/** The shell's not-found look, for unknown and unpublished pages, with the 404's head. */
function PageNotFound() {
  return (
    <>
      <PageHead head={(site, path) => notFoundHead(site, path, 'cms-page')} />
      <NotFoundBlock {...PAGE_NOT_FOUND} link={Link} />
    </>
  );
}
