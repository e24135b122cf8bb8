import type { ReactNode } from 'react';
import { Container, cn } from '@agency/ui';

/** Dark page hero under the fixed 64px header; the page's only h1. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn(
        'relative overflow-hidden bg-ink-950 pb-16 pt-32 text-white sm:pb-20 sm:pt-36',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-brand-600/25 blur-3xl"
      />
      <Container className="relative text-center">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{eyebrow}</p>
        ) : null}
        <h1 className="mx-auto mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        {intro ? <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">{intro}</p> : null}
        {children}
      </Container>
    </section>
  );
}
