import type { ReactNode } from 'react';
import { Link } from '@agency/ui/router';
import { AlertTriangle, ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import { Container, NotFoundBlock, Skeleton, buttonClasses, cn } from '@agency/ui';
import { notFoundHead, type NOT_FOUND_HEADINGS } from '@agency/contracts/browser';
import { PageHead, type HeadBuilder } from '@agency/ui/remote-module';

type NotFoundRoute = keyof typeof NOT_FOUND_HEADINGS;

/** Dark hero every content page opens with; `pt-32` clears the fixed 64px header. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden bg-ink-950 pb-16 pt-32 text-white sm:pt-36">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-24 -top-24 h-96 w-96 rounded-full bg-brand-600/25 blur-3xl"
      />
      <Container className="relative text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">{eyebrow}</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{intro}</p>
        {children}
      </Container>
    </section>
  );
}

export function HeroStats({ stats }: { stats: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <ul className="mx-auto mt-10 grid max-w-2xl grid-cols-3 gap-3 sm:gap-4">
      {stats.map((s) => (
        <li key={s.label} className="rounded-xl bg-white/5 p-3 ring-1 ring-white/10 sm:p-4">
          <span className="block text-2xl font-bold text-white sm:text-3xl">{s.value}</span>{' '}
          <span className="block text-xs text-slate-300 sm:text-sm">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A list failed to load (spec section 8): the whole page becomes this message. */
export function LoadError({ title }: { title: string }) {
  return (
    <section className="bg-slate-50 pb-24 pt-40">
      <Container className="max-w-xl text-center">
        <AlertTriangle className="mx-auto h-12 w-12 text-amber-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink-900">{title}</h1>
        <p className="mt-3 text-slate-600">
          We&apos;re experiencing technical difficulties. Please try again later.
        </p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Return Home
        </Link>
      </Container>
    </section>
  );
}

/** A single item is missing or failed: its own heading, a line of copy and one way back. */
export function NotFoundState({
  title,
  message,
  linkTo,
  linkLabel,
}: {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <NotFoundBlock
      look="item"
      title={title}
      message={message}
      linkTo={linkTo}
      linkLabel={linkLabel}
      link={Link}
    />
  );
}

type NotFoundProps = Parameters<typeof NotFoundState>[0];

/**
 * A page that shows one item by its query: the item's 404 block when it is missing (`missing`: the
 * page would not even ask for it), unknown or failed; its skeleton while it loads; else the item.
 * The page's head comes with it: the item's own (`head`), or, with the 404 block, the 404's, whose
 * title is the block's heading.
 */
export function ItemStates<T>({
  query: { data, isPending, isError },
  missing = false,
  notFound,
  head,
  skeleton,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean };
  missing?: boolean;
  notFound: NotFoundProps;
  /** The page's route (its 404's title) and its head from the item. */
  head: { route: NotFoundRoute; of: (item: T) => HeadBuilder };
  skeleton: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (missing || isError || (!isPending && !data)) {
    return (
      <>
        <PageHead head={(site, path) => notFoundHead(site, path, head.route)} />
        <NotFoundState {...notFound} />
      </>
    );
  }
  if (isPending || data === undefined) return skeleton;
  return (
    <>
      <PageHead head={head.of(data)} />
      {children(data)}
    </>
  );
}

/** The way back to the list, atop an item's dark header. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-2 text-sm font-semibold text-brand-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** An item's body beside its sidebar (two thirds and one on wide screens). */
export function ItemColumns({
  className,
  sidebar,
  sidebarTestId,
  children,
}: {
  className?: string;
  sidebar: ReactNode;
  sidebarTestId: string;
  children: ReactNode;
}) {
  return (
    <Container className={cn('grid gap-10 py-14 lg:grid-cols-3 lg:py-20', className)}>
      <div className="min-w-0 lg:col-span-2">{children}</div>
      {/* Inside the article: a part of it, not a complementary landmark (those sit at the top level). */}
      <div className="grid content-start gap-6" data-testid={sidebarTestId}>
        {sidebar}
      </div>
    </Container>
  );
}

/** The band that closes an item's page: more of its kind, and the link to all of them. */
export function MoreBand({
  title,
  text,
  linkTo,
  linkLabel,
  children,
}: {
  title: string;
  text: string;
  linkTo: string;
  linkLabel: string;
  /** The items it names (a blog post's related articles), between the text and the link. */
  children?: ReactNode;
}) {
  return (
    <section className="border-t border-slate-200 bg-slate-50 py-14">
      <Container className="flex flex-col items-center gap-4 text-center">
        <h2 className="text-2xl font-bold text-ink-900">{title}</h2>
        <p className="max-w-xl text-slate-600">{text}</p>
        {children}
        <Link to={linkTo} className={buttonClasses('outline')}>
          {linkLabel}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </Container>
    </section>
  );
}

/**
 * A card's link to its item, stretched over the whole card (the card is `relative` and a `group`);
 * screen readers hear which item it opens.
 */
export function CardLink({
  to,
  label,
  itemTitle,
  className,
}: {
  to: string;
  label: string;
  itemTitle: string;
  className: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-1.5 font-semibold text-brand-700 after:absolute after:inset-0 focus-visible:outline-none',
        className,
      )}
    >
      {label}
      <span className="sr-only">: {itemTitle}</span>
      <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
    </Link>
  );
}

/** No items yet: a friendly note with two ways onward. */
export function ComingSoon({
  title,
  message,
  links,
}: {
  title: string;
  message: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <div className="mx-auto max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Sparkles className="mx-auto h-10 w-10 text-brand-600" aria-hidden="true" />
      <h2 className="mt-4 text-2xl font-bold text-ink-900">{title}</h2>
      <p className="mx-auto mt-3 max-w-lg text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((l, i) => (
          <Link key={l.to} to={l.to} className={buttonClasses(i === 0 ? 'primary' : 'outline')}>
            {l.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** `count` placeholder cards while a list loads; announced once to screen readers. */
export function CardSkeletons({
  count,
  label,
  className,
  testId,
}: {
  count: number;
  label: string;
  className?: string;
  testId: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className={cn('grid gap-6', className)}>
        {Array.from({ length: count }, (_, i) => (
          <div
            key={i}
            data-testid={testId}
            className="overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <Skeleton className="h-36 w-full rounded-xl" />
            <Skeleton className="mt-5 h-4 w-1/3" />
            <Skeleton className="mt-3 h-6 w-4/5" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}
