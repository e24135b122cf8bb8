import { BarChart3, CheckCircle2, MessagesSquare, Target, Zap } from 'lucide-react';
import { Container } from '@agency/ui';
import { CtaBand } from '../shared/cta-band';
import { PageHero } from '../shared/page-hero';
import { HeadedSection } from '../shared/headed-section';

const STATS = [
  { value: '40+', label: 'Years Combined Experience' },
  { value: '150+', label: 'Successful Projects' },
  { value: '95%', label: 'Client Retention Rate' },
  { value: '$50M+', label: 'Revenue Generated' },
] as const;

const VALUES = [
  {
    icon: Target,
    title: 'Results-Driven',
    text: 'We agree the numbers that matter before we start and report against them every month. If something is not moving them, we change it.',
  },
  {
    icon: MessagesSquare,
    title: 'Direct Access',
    text: 'You work with the senior people doing the work, not an account manager relaying messages. Expect answers within one business day.',
  },
  {
    icon: BarChart3,
    title: 'Data-Informed',
    text: 'Opinions are a starting point, not a strategy. Budgets, content and creative decisions are made on evidence you can see.',
  },
  {
    icon: Zap,
    title: 'Efficient Execution',
    text: 'No bloated retainers or months of discovery. Small senior teams ship in weeks, so first results typically land in 30–60 days.',
  },
] as const;

const EXPERTISE = [
  'Every specialist has at least 5 years of hands-on experience in their discipline',
  'Weekly check-ins with the people doing the work, and a shared roadmap you can see at any time',
  'Former in-house leads from retail, SaaS and healthcare who understand your side of the table',
  'Certified in Google Ads, Meta, GA4 and Shopify Plus, and still hands-on in every account',
];

export function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Distilled Digital"
        title="Senior Expertise. Zero Bloat."
        intro="We are a senior-led team of marketers, analysts and engineers who believe growth comes from clarity in data and creativity in execution, not from more headcount on your invoice."
      >
        <dl
          className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 lg:grid-cols-4"
          data-testid="about-stats"
        >
          {STATS.map((s) => (
            <div
              key={s.label}
              className="flex flex-col-reverse rounded-2xl bg-white/5 p-5 ring-1 ring-white/10"
            >
              <dt className="mt-1 text-sm text-slate-300">{s.label}</dt>
              <dd className="text-3xl font-bold text-white sm:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <section className="py-16 sm:py-24" aria-labelledby="story-heading">
        <Container className="grid gap-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Our Story</p>
            <h2
              id="story-heading"
              className="mt-3 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
            >
              Built by People Who Were Tired of Agency Theatre
            </h2>
          </div>
          <div className="grid gap-5 text-lg text-slate-700">
            <p>
              Distilled Digital started when a handful of senior marketers, each with more than a decade in
              agencies and in-house teams, kept seeing the same pattern: impressive pitches, junior execution
              and reports full of metrics nobody could connect to revenue.
            </p>
            <p>
              So we built the agency we would want to hire. A small, senior team that does the work itself,
              measures what matters and explains every recommendation in plain language. No layers, no
              hand-offs, no vanity dashboards.
            </p>
            <p>
              Today we work with ambitious e-commerce, SaaS and healthcare brands across North America, Europe
              and Australia. Our clients stay because the numbers keep moving, which is why 95% of them renew.
            </p>
          </div>
        </Container>
      </section>

      <HeadedSection
        id="values-heading"
        className="bg-slate-50"
        eyebrow="What We Stand For"
        title="Our Values"
        intro="Four principles that shape how we plan, work and report."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="values">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <section className="py-16 sm:py-24" aria-labelledby="expertise-heading">
        <Container className="grid items-center gap-12 lg:grid-cols-2">
          <div className="rounded-3xl bg-ink-950 p-8 text-white sm:p-12">
            <p className="text-5xl font-bold text-accent-400 sm:text-6xl">5+ years</p>
            <p className="mt-3 text-lg text-slate-300">
              minimum hands-on experience for every specialist who touches your account.
            </p>
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Senior Expertise</p>
            <h2
              id="expertise-heading"
              className="mt-3 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl"
            >
              Senior People on Every Account
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              At most agencies, the people in the pitch are not the people doing the work. At Distilled, they
              are the same people, from the first audit to the monthly review.
            </p>
            <ul className="mt-6 grid gap-3">
              {EXPERTISE.map((e) => (
                <li key={e} className="flex gap-3 text-slate-700">
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-accent-500" aria-hidden="true" />
                  {e}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <CtaBand
        title="Ready to Work With Senior Experts?"
        text="Tell us where you want to be in twelve months. We will show you how we would get you there, in a free strategy session with no obligation."
        contactLabel="Start a Conversation"
        more={{ to: '/case-studies', label: 'View Case Studies' }}
      />
    </>
  );
}
