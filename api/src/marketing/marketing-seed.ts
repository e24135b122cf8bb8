import { count } from 'drizzle-orm';
import { HOMEPAGE_HERO_IDENTIFIER, type HomepageHeroContent } from '@agency/contracts';
import type { Db } from '../db/client';
import { contentBlocks, services, testimonials } from '../db/schema';

const HOMEPAGE_HERO: HomepageHeroContent = {
  title: 'Digital Performance, Distilled.',
  subtitle:
    'Senior strategists for SEO, paid media and analytics who turn your data into clear decisions and compounding growth. No junior hand-offs, no vanity metrics.',
  metrics: [
    { value: '247%', label: 'Avg. Traffic Growth', width: '85%' },
    { value: '$2.4M', label: 'Revenue Generated', width: '72%' },
    { value: '40+', label: 'Years Combined Exp.', width: '94%' },
  ],
  primaryCTA: { text: 'Start Your Growth Journey', href: '/contact' },
  secondaryCTA: { text: 'View Case Studies', href: '/case-studies' },
};

export const SEED_SERVICES = [
  {
    slug: 'seo',
    title: 'SEO & Content',
    description:
      'Technical SEO, search-led content and digital PR that earn rankings for the queries your buyers actually type.',
    icon: 'search',
    gradient: 'service-seo',
    features: ['Technical audits', 'Keyword & intent mapping', 'Content strategy', 'Digital PR'],
  },
  {
    slug: 'paid-media',
    title: 'Paid Media',
    description:
      'Google, Meta and LinkedIn campaigns managed against profit, not clicks, with creative testing every week.',
    icon: 'target',
    gradient: 'service-paid-media',
    features: ['Search & Shopping', 'Paid social', 'Creative testing', 'Budget pacing'],
  },
  {
    slug: 'data-science',
    title: 'Data Science & Analytics',
    description:
      'Clean tracking, honest attribution and dashboards your leadership team reads, so every budget decision has evidence.',
    icon: 'trending',
    gradient: 'service-data-science',
    features: ['GA4 & server-side tracking', 'Attribution models', 'Forecasting', 'Executive dashboards'],
  },
  {
    slug: 'ai-automations',
    title: 'AI Automations',
    description:
      'Practical AI workflows for reporting, lead routing and content operations that give your team hours back each week.',
    icon: 'bot',
    gradient: 'service-ai-automations',
    features: ['Workflow audits', 'Lead scoring', 'Automated reporting', 'Content operations'],
  },
  {
    slug: 'shopify',
    title: 'Shopify E-commerce',
    description:
      'Shopify and Shopify Plus builds, migrations and conversion work that lift average order value and repeat purchase.',
    icon: 'shopping',
    gradient: 'service-shopify',
    features: [
      'Store builds & migrations',
      'Conversion optimisation',
      'Apps & integrations',
      'Retention flows',
    ],
  },
  {
    slug: 'web-design',
    title: 'Web Design',
    description:
      'Fast, accessible marketing sites designed around one job: turning qualified visitors into pipeline.',
    icon: 'palette',
    gradient: 'service-web-design',
    features: ['UX research', 'Conversion copywriting', 'Design systems', 'Core Web Vitals'],
  },
] as const;

export const SEED_TESTIMONIALS = [
  {
    content:
      'Within six months organic became our largest acquisition channel. They found the technical issues three previous agencies missed and fixed them in weeks.',
    name: 'Sarah Chen',
    title: 'VP of Marketing',
    company: 'Northwind Outfitters',
    rating: 5,
  },
  {
    content:
      'Our cost per qualified lead fell by 38% while spend went up. The weekly reports are the first ones our CFO actually reads.',
    name: 'Marcus Alvarez',
    title: 'Head of Growth',
    company: 'Ledgerline',
    rating: 5,
  },
  {
    content:
      'They rebuilt our tracking from the ground up. For the first time we know which campaigns pay for themselves and which ones do not.',
    name: 'Priya Natarajan',
    title: 'Chief Operating Officer',
    company: 'Helio Health',
    rating: 5,
  },
  {
    content:
      'The Shopify migration went live without a single lost order, and conversion rate was up 22% in the first quarter.',
    name: 'James O’Connor',
    title: 'Founder',
    company: 'Copper & Pine',
    rating: 4,
  },
] as const;

const isEmpty = async (db: Db, table: typeof contentBlocks | typeof services | typeof testimonials) => {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
};

/** Demo marketing content; each table is filled only while it is empty, so reruns change nothing. */
export async function seedMarketing(db: Db): Promise<void> {
  if (await isEmpty(db, contentBlocks)) {
    await db.insert(contentBlocks).values({
      name: 'Homepage hero',
      identifier: HOMEPAGE_HERO_IDENTIFIER,
      type: 'hero',
      content: HOMEPAGE_HERO,
      published: true,
    });
  }
  if (await isEmpty(db, services)) {
    await db
      .insert(services)
      .values(SEED_SERVICES.map((s, i) => ({ ...s, features: [...s.features], displayOrder: i + 1 })));
  }
  if (await isEmpty(db, testimonials)) {
    await db.insert(testimonials).values(SEED_TESTIMONIALS.map((t, i) => ({ ...t, displayOrder: i + 1 })));
  }
}
