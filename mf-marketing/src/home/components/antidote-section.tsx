import { Link } from '@agency/ui/router';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Container, buttonClasses } from '@agency/ui';
import { ANTIDOTE_STATS } from '../home-content';

const DIFFERENCES = [
  'Senior specialists with 5+ years of experience on every account',
  'Weekly check-ins and answers within one business day',
  'First results in 30–60 days, sustainable growth in 3–6 months',
];

export function AntidoteSection() {
  return (
    <section className="bg-ink-950 py-16 text-white sm:py-24" aria-labelledby="home-antidote-heading">
      <Container className="grid items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Why Distilled</p>
          <h2 id="home-antidote-heading" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            The Antidote to Bloated Agencies
          </h2>
          <p className="mt-5 text-lg text-slate-300">
            Big agencies win you with senior partners, then hand your account to juniors. We are a small team
            of senior practitioners who do the work ourselves, so strategy and execution never drift apart.
          </p>
          <ul className="mt-6 grid gap-3">
            {DIFFERENCES.map((d) => (
              <li key={d} className="flex gap-3 text-slate-200">
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-accent-400" aria-hidden="true" />
                {d}
              </li>
            ))}
          </ul>
          <Link to="/about" className={buttonClasses('inverse', 'lg', 'mt-8')}>
            More About Us
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </div>
        <dl className="grid grid-cols-2 gap-4" data-testid="antidote-stats">
          {ANTIDOTE_STATS.map((s) => (
            <div
              key={s.label}
              className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 ring-1 ring-white/10"
            >
              <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
              <dd className="text-3xl font-bold text-white sm:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
