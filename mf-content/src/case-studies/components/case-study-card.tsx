import { Link } from '@agency/ui/router';
import { ArrowRight, Clock } from 'lucide-react';
import type { CaseStudy } from '@agency/contracts/browser';
import { Badge, Card, ResponsiveImage } from '@agency/ui';
import { cardResults, cardServices } from '../case-study-limits';

export function CaseStudyCard({ study }: { study: CaseStudy }) {
  return (
    <Card className="group relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      {study.imageUrl ? (
        <ResponsiveImage
          image={study.image}
          src={study.imageUrl}
          alt={`Illustration for ${study.title}`}
          width={1200}
          height={675}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <div className="flex flex-wrap gap-2">
          <Badge tone="brand">{study.industry}</Badge>
          <Badge>
            <Clock className="mr-1 h-3 w-3" aria-hidden="true" />
            {study.duration}
          </Badge>
        </div>
        <h3 className="mt-4 text-xl font-bold text-ink-900 sm:text-2xl">{study.title}</h3>
        <dl className="mt-4 grid gap-3 text-sm">
          <div>
            <dt className="font-semibold text-ink-900">Challenge</dt>
            <dd className="mt-1 line-clamp-3 text-slate-600">{study.challenge}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-900">Solution</dt>
            <dd className="mt-1 line-clamp-3 text-slate-600">{study.solution}</dd>
          </div>
        </dl>
        {study.results.length > 0 ? (
          <ul aria-label="Key results" className="mt-6 grid grid-cols-3 gap-3">
            {cardResults(study).map((r) => (
              <li key={r.metric} className="rounded-xl bg-slate-50 p-3 text-center">
                <span className="block text-lg font-bold text-brand-700 sm:text-xl">{r.value}</span>
                <span className="mt-1 block text-xs text-slate-600">{r.metric}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {study.services.length > 0 ? (
          <ul aria-label="Services" className="mt-5 flex flex-wrap gap-2">
            {cardServices(study).map((s) => (
              <li key={s}>
                <Badge tone="neutral">{s}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={`/case-studies/${study.slug}`}
          className="mt-auto inline-flex items-center gap-1.5 pt-6 font-semibold text-brand-700 after:absolute after:inset-0 focus-visible:outline-none group-hover:text-brand-800"
        >
          Read Full Study
          <span className="sr-only">: {study.title}</span>
          <ArrowRight
            className="h-4 w-4 transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
      </div>
    </Card>
  );
}
