import type { Cta, HeroMetric } from '@agency/contracts';
import {
  HOMEPAGE_HERO_DEFAULTS,
  type ServiceIcon,
  type ServiceVisual,
} from '@agency/contracts/content-values';

export interface HeroView {
  title: string;
  subtitle: string;
  metrics: HeroMetric[];
  primaryCTA: Cta;
  secondaryCTA: Cta;
}

/** Spec defaults for the hero when the 'homepage-hero' block is missing, inactive or unreadable. */
export const DEFAULT_HERO: HeroView = HOMEPAGE_HERO_DEFAULTS;

/**
 * The hero to show: the block's content as read (each valid field, the default for every other one:
 * heroContentReader), or the defaults while it loads or when it is missing; at most three metrics.
 */
export function resolveHero(content: HeroView | undefined): HeroView {
  const hero = content ?? DEFAULT_HERO;
  return { ...hero, metrics: hero.metrics.slice(0, 3) };
}

/** The title split at its first comma: the comma stays on line one, the rest is highlighted. */
export function splitTitle(title: string): { lead: string; highlight: string } {
  const at = title.indexOf(',');
  if (at === -1) return { lead: title.trim(), highlight: '' };
  return { lead: title.slice(0, at + 1).trim(), highlight: title.slice(at + 1).trim() };
}

export interface ServiceCardView {
  slug: string;
  title: string;
  description: string;
  icon: ServiceIcon;
  visual: ServiceVisual;
}

/** Shown when published services are missing or empty (spec: these three slugs). */
export const FALLBACK_SERVICES: ServiceCardView[] = [
  {
    slug: 'seo-content',
    title: 'SEO & Content',
    description:
      'Technical SEO, search-led content and digital PR that win rankings for the queries your buyers actually type.',
    icon: 'search',
    visual: 'ocean',
  },
  {
    slug: 'paid-media-ppc',
    title: 'Paid Media & PPC',
    description:
      'Google, Meta and LinkedIn campaigns managed against profit, not clicks, with creative tested every week.',
    icon: 'target',
    visual: 'ember',
  },
  {
    slug: 'data-analytics',
    title: 'Data & Analytics',
    description:
      'Tracking you can trust, honest attribution and dashboards that show exactly where to invest next.',
    icon: 'trending',
    visual: 'indigo',
  },
];

export interface TestimonialView {
  key: string;
  content: string;
  name: string;
  title: string;
  company: string;
  rating: number;
}

/** Shown when published testimonials are missing or empty. */
export const FALLBACK_TESTIMONIALS: TestimonialView[] = [
  {
    key: 'fallback-1',
    content:
      'They found the technical issues three previous agencies had missed. Within six months organic search became our largest acquisition channel.',
    name: 'Rachel Morgan',
    title: 'Director of E-commerce',
    company: 'Harbor & Vine',
    rating: 5,
  },
  {
    key: 'fallback-2',
    content:
      'For the first time our marketing numbers and our finance numbers agree. Cost per qualified lead is down by a third and we know exactly why.',
    name: 'David Okafor',
    title: 'Chief Marketing Officer',
    company: 'Brightline Software',
    rating: 5,
  },
];

/** The client-name grid under the testimonials (names stand in for logos). */
export const CLIENT_NAMES = [
  'Northwind Outfitters',
  'Ledgerline',
  'Helio Health',
  'Copper & Pine',
  'Atlas Freight',
  'Brightline Software',
] as const;

export const ANTIDOTE_STATS = [
  { value: '40+', label: 'Years Combined Experience' },
  { value: '95%', label: 'Client Retention Rate' },
  { value: '$50M+', label: 'Revenue Generated' },
  { value: '24h', label: 'Response Time' },
] as const;
