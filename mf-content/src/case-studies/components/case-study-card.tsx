import { sitePath } from '@agency/contracts/site-routes';
import type { CaseStudy } from '@agency/contracts/browser';
import { Badge, Card, CaseStudyBadges, CaseStudyImage, LabelledList } from '@agency/ui';
import { cardResults, cardServices } from '../case-study-limits';
import { CardLink } from '../../shared/page-states';

export function CaseStudyCard({ study }: { study: CaseStudy }) {
  return (
    <Card className="group relative flex flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <CaseStudyImage
        study={study}
        alt={`Illustration for ${study.title}`}
        sizes="(min-width: 1024px) 600px, 100vw"
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <CaseStudyBadges study={study} />
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
          <LabelledList label="Key results" className="mt-6 grid grid-cols-3 gap-3">
            {cardResults(study).map((r) => (
              <li key={r.metric} className="rounded-xl bg-slate-50 p-3 text-center">
                <span className="block text-lg font-bold text-brand-700 sm:text-xl">{r.value}</span>
                <span className="mt-1 block text-xs text-slate-600">{r.metric}</span>
              </li>
            ))}
          </LabelledList>
        ) : null}
        {study.services.length > 0 ? (
          <LabelledList label="Services" className="mt-5 flex flex-wrap gap-2">
            {cardServices(study).map((s) => (
              <li key={s}>
                <Badge tone="neutral">{s}</Badge>
              </li>
            ))}
          </LabelledList>
        ) : null}
        <CardLink
          to={sitePath('case-study', { slug: study.slug })}
          label="Read Full Study"
          itemTitle={study.title}
          className="mt-auto pt-6 group-hover:text-brand-800"
        />
      </div>
    </Card>
  );
}
