import { Clock, Gift, ShieldCheck } from 'lucide-react';
import { Card, Container, Skeleton } from '@agency/ui';
import { RemoteModule } from '@agency/ui/remote-module';

const PROMISES = [
  { icon: Clock, text: 'A senior strategist replies within 24 hours' },
  { icon: Gift, text: 'Free strategy session with a written action plan' },
  { icon: ShieldCheck, text: 'No obligation and no long lock-in contracts' },
];

/** Home's contact section: the form is mf-contact's, mounted at runtime. */
export function ContactSection() {
  return (
    <section id="contact" className="scroll-mt-20 py-16 sm:py-24" aria-labelledby="home-contact-heading">
      <Container className="grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Get in Touch</p>
          <h2
            id="home-contact-heading"
            className="mt-3 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
          >
            Ready to Grow?
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Tell us about your goals and we&apos;ll come back with a clear, data-backed view of where your
            next stage of growth will come from.
          </p>
          <ul className="mt-8 grid gap-4">
            {PROMISES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-ink-900">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Card className="p-6 sm:p-8 lg:col-span-3">
          <RemoteModule
            remote="mf_contact"
            module="ContactForm"
            compact
            defer
            fallback={
              <div className="grid gap-5" aria-hidden="true">
                <Skeleton className="h-11" />
                <Skeleton className="h-11" />
                <Skeleton className="h-11" />
                <Skeleton className="h-32" />
                <Skeleton className="h-12" />
              </div>
            }
          />
        </Card>
      </Container>
    </section>
  );
}
