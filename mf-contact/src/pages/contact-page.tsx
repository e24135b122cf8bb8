import type { ReactNode } from 'react';
import { CalendarClock, Clock, Globe2, Mail, Phone } from 'lucide-react';
import { Card, Container, SectionHeading, buttonClasses } from '@agency/ui';
import { ContactForm } from '../contact/components/contact-form';
import { CONTACT_DETAILS, CONTACT_FAQ } from './contact-content';
import { useContactDetails } from './get-site-settings';

const HERO_STATS = [
  { value: '24h', label: 'Response Time' },
  { value: 'Free', label: 'Strategy Session' },
  { value: 'No', label: 'Obligations' },
];

export function ContactPage() {
  const contact = useContactDetails();
  return (
    <>
      <section className="bg-ink-950 pb-16 pt-32 text-white sm:pt-36">
        <Container className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-300">Contact</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Let&apos;s Build Your Growth Plan
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
            Tell us where you want to be in twelve months. A senior strategist will come back with a clear,
            data-backed plan for getting there.
          </p>
          <ul className="mx-auto mt-10 grid max-w-2xl grid-cols-3 gap-4">
            {HERO_STATS.map((s) => (
              <li key={s.value} className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10">
                <span className="block text-2xl font-bold text-white sm:text-3xl">{s.value}</span>{' '}
                <span className="block text-sm text-slate-300">{s.label}</span>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className="py-16 sm:py-20">
        <Container className="grid gap-10 lg:grid-cols-5">
          <Card className="p-6 sm:p-8 lg:col-span-3">
            <h2 className="text-2xl font-bold text-ink-900">Request Your Free Strategy Session</h2>
            <p className="mb-6 mt-2 text-slate-600">
              Share a few details and we&apos;ll prepare an agenda around your goals.
            </p>
            <ContactForm />
          </Card>
          <div className="grid content-start gap-4 lg:col-span-2">
            <h2 className="text-xl font-bold text-ink-900">Other Ways to Reach Us</h2>
            <ContactTile icon={<Mail className="h-5 w-5" aria-hidden="true" />} title="Email Us">
              <a
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
                href={`mailto:${contact.email}`}
              >
                {contact.email}
              </a>
            </ContactTile>
            {contact.phoneHref && (
              <ContactTile icon={<Phone className="h-5 w-5" aria-hidden="true" />} title="Call Us">
                <a
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  href={`tel:${contact.phoneHref}`}
                >
                  {contact.phone}
                </a>
              </ContactTile>
            )}
            <ContactTile icon={<Globe2 className="h-5 w-5" aria-hidden="true" />} title="Global Team">
              Remote-first, serving clients across North America, Europe and Australia.
            </ContactTile>
            <ContactTile icon={<Clock className="h-5 w-5" aria-hidden="true" />} title="Response Time">
              24 Hours. Usually much sooner on business days.
            </ContactTile>
            <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-sm">
              <CalendarClock className="h-8 w-8" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold">Book a Call</h3>
              <p className="mt-1 text-brand-50">
                Prefer to talk it through? Pick a time for a 30-minute strategy session with a senior
                strategist.
              </p>
              <a
                href={CONTACT_DETAILS.schedulingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('inverse', 'md', 'mt-4')}
              >
                Schedule a 30-Minute Call
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </Container>
      </section>

      <section className="bg-slate-50 py-16 sm:py-20">
        <Container className="max-w-3xl">
          <SectionHeading eyebrow="FAQ" title="Frequently Asked Questions" />
          <div className="grid gap-3">
            {CONTACT_FAQ.map((item) => (
              <details
                key={item.question}
                className="group rounded-xl border border-slate-200 bg-white p-5 open:shadow-sm"
              >
                <summary className="cursor-pointer list-none font-semibold text-ink-900 marker:hidden focus-visible:outline-2 focus-visible:outline-brand-600">
                  {item.question}
                </summary>
                <p className="mt-3 text-slate-700">{item.answer}</p>
              </details>
            ))}
          </div>
        </Container>
      </section>
    </>
  );
}

function ContactTile({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4 p-5">
      <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        {icon}
      </div>
      <div>
        <h3 className="font-semibold text-ink-900">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </Card>
  );
}
