import { Download, Lock, Unlock } from 'lucide-react';
import { FormRoutes, type Resource } from '@agency/contracts/browser';
import { Badge, Card, buttonClasses } from '@agency/ui';
import { RESOURCE_TYPE_INFO, resourceType } from '../resource-types';

const numberFormat = new Intl.NumberFormat('en-US');

export function ResourceCard({
  resource,
  onRequestAccess,
  onDownload,
}: {
  resource: Resource;
  onRequestAccess: (resource: Resource) => void;
  onDownload: (resource: Resource) => void;
}) {
  const info = RESOURCE_TYPE_INFO[resourceType(resource.type)];
  const Icon = info.icon;
  const downloads = resource.downloadCount ?? 0;
  return (
    <Card data-testid="resource-card" className="flex w-full flex-col p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <span className="text-sm font-semibold text-brand-700">{info.label}</span>
        </div>
        {resource.gated ? (
          <span title="Email required" className="text-slate-600">
            <Lock className="h-5 w-5" aria-hidden="true" data-testid="lock-icon" />
            <span className="sr-only">Locked</span>
          </span>
        ) : null}
      </div>
      <h3 className="mt-5 text-lg font-bold text-ink-900">{resource.title}</h3>
      <p className="mt-2 flex-1 text-slate-600">{resource.description}</p>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 text-slate-600" data-testid="download-count">
          <Download className="h-4 w-4" aria-hidden="true" />
          {numberFormat.format(downloads)} downloads
        </span>
        {resource.gated ? (
          <Badge tone="warning">Email Required</Badge>
        ) : (
          <Badge tone="success">Free Download</Badge>
        )}
      </div>
      {resource.gated ? (
        // A link to the resource's lead form page before (or without) JavaScript; once hydrated it
        // opens the same form in a dialog on this page (so it is announced as the button it becomes).
        <a
          href={FormRoutes.resourceAccess(resource.id)}
          role="button"
          className={buttonClasses('primary', 'md', 'mt-5 w-full')}
          onClick={(event) => {
            event.preventDefault();
            onRequestAccess(resource);
          }}
          onKeyDown={(event) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            onRequestAccess(resource);
          }}
        >
          <Unlock className="h-4 w-4" aria-hidden="true" />
          Get Free Access
          <span className="sr-only">: {resource.title}</span>
        </a>
      ) : resource.fileUrl ? (
        <a
          href={resource.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => onDownload(resource)}
          className={buttonClasses('secondary', 'md', 'mt-5 w-full')}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download Now
          <span className="sr-only">: {resource.title} (opens in a new tab)</span>
        </a>
      ) : null}
    </Card>
  );
}
