import { useState } from 'react';
import { Link, useParams } from '@agency/ui/router';
import { CheckCircle2, Download } from 'lucide-react';
import { NOT_FOUND_HEADINGS, notFoundHead, routeHead } from '@agency/contracts/browser';
import { siteRoute } from '@agency/contracts/site-routes';
import { PageHead } from '@agency/ui/remote-module';
import { Card, Container, buttonClasses, useFormOutcome } from '@agency/ui';
import { useResources } from '../api/get-resources';
import { CardSkeletons, LoadError, NotFoundState, PageHero } from '../../shared/page-states';
import { LeadForm } from './lead-form';

/**
 * /resources/:id/access: a gated resource's lead form as a page of its own, so that 'Get Free Access'
 * is a link that works before and without JavaScript (with JavaScript the resources page opens the
 * same form in a dialog instead). After the form is sent the page offers the download by its signed,
 * short-lived link; with JavaScript the download also starts by itself.
 */
export function ResourceAccessPage() {
  const id = Number(useParams()['id']);
  const { data, isPending, isError } = useResources();
  const resource = data?.find((r) => r.id === id);
  const outcome = useFormOutcome('resource-lead', Number.isInteger(id) ? id : undefined);
  const [downloadUrl, setDownloadUrl] = useState(
    outcome?.status === 'success' ? (outcome.url ?? null) : null,
  );

  if (isError) return <LoadError title="Unable to Load Resources" />;
  if (isPending) {
    return (
      <section className="pb-24 pt-40">
        <Container className="max-w-xl">
          <CardSkeletons count={1} label="Loading resource…" testId="resource-skeleton" />
        </Container>
      </section>
    );
  }
  if (!resource) {
    return (
      <>
        <PageHead head={(site, path) => notFoundHead(site, path, 'resource-access')} />
        <NotFoundState
          title={NOT_FOUND_HEADINGS['resource-access']}
          message="This resource does not exist or is no longer available."
          linkTo="/resources"
          linkLabel="Back to Resources"
        />
      </>
    );
  }

  return (
    <>
      <PageHead head={(site, path) => routeHead(site, path, siteRoute('resource-access'))} />
      <PageHero
        eyebrow="Resources"
        title="Get Free Access"
        intro={
          <>
            Tell us where to reach you and <strong className="text-white">{resource.title}</strong> downloads
            right away.
          </>
        }
      />
      <section className="bg-slate-50 py-16 sm:py-20">
        <Container className="max-w-xl">
          <Card className="p-6 sm:p-8">
            <h2 className="text-2xl font-bold text-ink-900">{resource.title}</h2>
            <p className="mb-6 mt-2 text-slate-600">{resource.description}</p>
            {!resource.gated ? (
              resource.fileUrl ? (
                <a
                  href={resource.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses('primary', 'lg', 'w-full')}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  Download Now
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null
            ) : downloadUrl ? (
              <div
                role="status"
                className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center"
              >
                <CheckCircle2 className="mx-auto h-10 w-10 text-emerald-600" aria-hidden="true" />
                <h3 className="mt-3 text-xl font-bold text-ink-900">Your download is ready</h3>
                <p className="mt-1 text-slate-700">The link works for the next 15 minutes.</p>
                <a href={downloadUrl} download className={buttonClasses('primary', 'lg', 'mt-5 w-full')}>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  Download {resource.title}
                </a>
              </div>
            ) : (
              <LeadForm
                resource={resource}
                outcome={outcome?.status === 'success' ? null : outcome}
                onDone={(url) => url && setDownloadUrl(url)}
              />
            )}
          </Card>
          <p className="mt-6 text-center">
            <Link to="/resources" className="font-medium text-brand-700 underline underline-offset-2">
              Back to Resources
            </Link>
          </p>
        </Container>
      </section>
    </>
  );
}
