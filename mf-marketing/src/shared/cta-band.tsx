import { Link } from '@agency/ui/router';
import { Container, buttonClasses } from '@agency/ui';

/**
 * Closing call to action of a page: a dark band with a heading, a line of copy, the way to the
 * contact page (`contactLabel`) and one more place to look (`more`).
 */
export function CtaBand({
  title,
  text,
  contactLabel,
  more,
}: {
  title: string;
  text: string;
  contactLabel: string;
  more: { to: string; label: string };
}) {
  return (
    <section className="py-16 sm:py-20" aria-labelledby="cta-heading">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-ink-900 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-32 -right-24 h-72 w-72 rounded-full bg-accent-500/20 blur-3xl"
          />
          <h2 id="cta-heading" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-slate-300">{text}</p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/contact" className={buttonClasses('primary', 'lg')}>
              {contactLabel}
            </Link>
            <Link to={more.to} className={buttonClasses('outline-inverse', 'lg')}>
              {more.label}
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
