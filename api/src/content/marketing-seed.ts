import { count } from 'drizzle-orm';
import { HOMEPAGE_HERO_DEFAULTS, HOMEPAGE_HERO_IDENTIFIER } from '@agency/contracts';
import type { Db } from '../db/client';
import { contentBlocks, services, testimonials } from '../db/schema';
import { SEED_SERVICES } from './service-seed-data';

export { SEED_SERVICES };

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
      content: HOMEPAGE_HERO_DEFAULTS,
      published: true,
    });
  }
  if (await isEmpty(db, services)) {
    await db.insert(services).values(
      SEED_SERVICES.map((s, i) => ({
        ...s,
        features: [...s.features],
        benefits: [...s.benefits],
        process: [...s.process],
        displayOrder: i + 1,
      })),
    );
  }
  if (await isEmpty(db, testimonials)) {
    await db.insert(testimonials).values(SEED_TESTIMONIALS.map((t, i) => ({ ...t, displayOrder: i + 1 })));
  }
}
