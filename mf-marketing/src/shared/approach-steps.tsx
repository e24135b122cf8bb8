import { Container, SectionHeading, cn } from '@agency/ui';

/** The four steps every engagement follows (home process section and services overview). */
export const APPROACH_STEPS = [
  {
    title: 'Audit & Analysis',
    description:
      'We review your analytics, ad accounts, site and competitors to find where revenue is leaking and where the quickest wins are.',
  },
  {
    title: 'Strategy Design',
    description:
      'A 90-day roadmap ranked by impact and effort, with targets agreed up front and an owner for every action.',
  },
  {
    title: 'Expert Execution',
    description:
      'Senior specialists do the work themselves, with weekly check-ins and answers within one business day.',
  },
  {
    title: 'Optimize & Scale',
    description:
      'We double down on what the data proves is working and cut what is not. First results typically land in 30–60 days.',
  },
] as const;

export function ApproachSection({
  eyebrow,
  title,
  intro,
  className,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  className?: string;
}) {
  return (
    <section className={className ?? 'bg-slate-50 py-16 sm:py-24'} aria-label={title}>
      <Container>
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {APPROACH_STEPS.map((step, i) => (
            <StepItem
              key={step.title}
              step={i + 1}
              mark={String(i + 1).padStart(2, '0')}
              markClassName="bg-brand-600"
              title={step.title}
              description={step.description}
            />
          ))}
        </ol>
      </Container>
    </section>
  );
}

/** One step of a numbered process: its number in a coloured disc, its name and what happens in it. */
export function StepItem({
  step,
  mark,
  markClassName,
  title,
  description,
}: {
  step: number;
  /** The number as the disc shows it. */
  mark: string;
  markClassName: string;
  title: string;
  description: string;
}) {
  return (
    <li className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span
        aria-hidden="true"
        className={cn(
          'flex h-10 w-10 items-center justify-center rounded-full text-sm font-bold text-white',
          markClassName,
        )}
      >
        {mark}
      </span>
      <h3 className="mt-4 text-lg font-semibold text-ink-900">
        <span className="sr-only">Step {step}: </span>
        {title}
      </h3>
      <p className="mt-2 text-slate-600">{description}</p>
    </li>
  );
}
