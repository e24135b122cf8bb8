import { Link } from 'react-router-dom';
import { Container, buttonClasses } from '@agency/ui';

export function NotFoundPage() {
  return (
    <section className="py-40">
      <Container className="max-w-xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">404</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-ink-900">Page Not Found</h1>
        <p className="mt-4 text-slate-600">
          The page you&apos;re looking for doesn&apos;t exist or has been moved.
        </p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
          Return Home
        </Link>
      </Container>
    </section>
  );
}
