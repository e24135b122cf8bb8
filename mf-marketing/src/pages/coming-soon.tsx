import { Container } from '@agency/ui';

/** Placeholder until this remote's issue lands (see README status table). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="py-40">
      <Container className="max-w-xl text-center">
        <h1 className="text-3xl font-bold text-ink-900">Coming soon</h1>
        <p className="mt-3 text-slate-600">{title} is being built and will be available shortly.</p>
      </Container>
    </section>
  );
}
