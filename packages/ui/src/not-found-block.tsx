import type { ComponentType, ReactNode } from 'react';
import { NOT_FOUND_HEADINGS } from '@agency/contracts/not-found';
import { cn } from './cn';
import { buttonClasses, Container } from './components';

/** The router's `Link` as the caller has it (the router belongs to the shell; remotes get its facade). */
export type LinkComponent = ComponentType<{ to: string; className?: string; children?: ReactNode }>;

/**
 * What a missing page shows: '404', its own heading (the same words as the page's title), a line of
 * copy and one way onward. `page`: the site's 404 (unknown paths, CMS pages); `item`: a missing post,
 * case study or resource.
 */
export function NotFoundBlock({
  title,
  message,
  linkTo,
  linkLabel,
  link: Link,
  look = 'page',
}: {
  title: string;
  message: string;
  linkTo: string;
  linkLabel: string;
  link: LinkComponent;
  look?: 'page' | 'item';
}) {
  return (
    <section className={look === 'page' ? 'py-40' : 'pb-24 pt-40'}>
      <Container className="max-w-xl! text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">404</p>
        <h1
          className={cn(
            'mt-2 font-bold tracking-tight text-ink-900',
            look === 'page' ? 'text-4xl' : 'text-3xl sm:text-4xl',
          )}
        >
          {title}
        </h1>
        <p className="mt-4 text-slate-600">{message}</p>
        <Link to={linkTo} className={buttonClasses('primary', 'md', 'mt-8')}>
          {linkLabel}
        </Link>
      </Container>
    </section>
  );
}

/** The site's 404 (the shell's unknown paths, and CMS pages that do not exist or are not published). */
export const PAGE_NOT_FOUND = {
  title: NOT_FOUND_HEADINGS.page,
  message: "The page you're looking for doesn't exist or has been moved.",
  linkTo: '/',
  linkLabel: 'Return Home',
} as const;
