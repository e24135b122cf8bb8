import { Link } from '@agency/ui/router';
import { ArrowRight } from 'lucide-react';
import { Container, Skeleton, buttonClasses, LabelledList } from '@agency/ui';
import { useHomepageHero } from '../api/get-homepage-hero';
import { resolveHero, splitTitle } from '../home-content';

export function HeroSection() {
  const { data, isPending } = useHomepageHero();
  const hero = resolveHero(data?.content);
  const { lead, highlight } = splitTitle(hero.title);

  return (
    <section
      className="relative overflow-hidden bg-ink-950 pb-20 pt-32 text-white sm:pt-40 lg:pb-28"
      aria-label="Introduction"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -left-40 -top-40 h-[32rem] w-[32rem] rounded-full bg-brand-600/30 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 bottom-0 h-80 w-80 rounded-full bg-accent-500/15 blur-3xl"
      />
      <Container className="relative grid items-center gap-12 lg:grid-cols-[1.25fr_1fr]">
        {isPending ? (
          <div aria-busy="true" className="grid gap-5">
            <span className="sr-only">Loading…</span>
            <Skeleton className="h-14 w-4/5 bg-white/10" />
            <Skeleton className="h-14 w-3/5 bg-white/10" />
            <Skeleton className="h-6 w-full bg-white/10" />
            <Skeleton className="h-6 w-2/3 bg-white/10" />
          </div>
        ) : (
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">
              Clarity in data. Creativity in growth.
            </p>
            <h1 className="mt-4 text-4xl font-bold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
              <span className="block">{lead}</span>{' '}
              {highlight ? (
                <span className="block bg-linear-to-r from-brand-300 to-accent-400 bg-clip-text text-transparent">
                  {highlight}
                </span>
              ) : null}
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-300">{hero.subtitle}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link to={hero.primaryCTA.href} className={buttonClasses('primary', 'lg')}>
                {hero.primaryCTA.text}
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </Link>
              <Link to={hero.secondaryCTA.href} className={buttonClasses('outline-inverse', 'lg')}>
                {hero.secondaryCTA.text}
              </Link>
            </div>
          </div>
        )}
        {isPending ? (
          <div className="grid gap-4" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24 rounded-2xl bg-white/10" />
            ))}
          </div>
        ) : (
          <LabelledList className="grid gap-4" label="Results at a glance">
            {hero.metrics.map((m) => (
              <li
                key={`${m.value}-${m.label}`}
                className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10 backdrop-blur"
                data-testid="hero-metric"
              >
                <div className="flex items-baseline justify-between gap-4">
                  <span className="text-3xl font-bold text-white">{m.value}</span>
                  <span className="text-right text-sm text-slate-300">{m.label}</span>
                </div>
                <div className="mt-4 h-2 rounded-full bg-white/10" aria-hidden="true">
                  <div
                    className="h-2 rounded-full bg-linear-to-r from-brand-400 to-accent-400"
                    style={{ width: m.width }}
                    data-testid="hero-metric-bar"
                  />
                </div>
              </li>
            ))}
          </LabelledList>
        )}
      </Container>
    </section>
  );
}
