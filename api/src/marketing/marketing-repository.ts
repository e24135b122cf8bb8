import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { visibleRows } from '../content/visibility';
import { contentBlocks, services, testimonials } from '../db/schema';

/** Reads behind the public marketing endpoints; visitors only ever see published rows. */
export function marketingRepository({ db, clock }: Pick<AppContext, 'db' | 'clock'>) {
  return {
    async findPublishedContentBlock(identifier: string) {
      const [row] = await db
        .select()
        .from(contentBlocks)
        .where(and(eq(contentBlocks.identifier, identifier), visibleRows(clock, contentBlocks)))
        .limit(1);
      return row ?? null;
    },

    listPublishedServices() {
      return db
        .select({
          id: services.id,
          title: services.title,
          slug: services.slug,
          description: services.description,
          icon: services.icon,
          visual: services.visual,
          features: services.features,
          provenResult: services.provenResult,
          displayOrder: services.displayOrder,
        })
        .from(services)
        .where(visibleRows(clock, services))
        .orderBy(asc(services.displayOrder), asc(services.id));
    },

    /** One published service in the public detail shape; null when unknown or unpublished. */
    async findPublishedService(slug: string) {
      const [row] = await db
        .select()
        .from(services)
        .where(and(eq(services.slug, slug), visibleRows(clock, services)))
        .limit(1);
      if (!row) return null;
      const {
        testimonialQuote,
        testimonialAuthor,
        testimonialRole,
        published,
        createdAt,
        updatedAt,
        deletedAt,
        ...rest
      } = row;
      void published;
      void createdAt;
      void updatedAt;
      void deletedAt;
      return {
        ...rest,
        testimonial: testimonialQuote
          ? { quote: testimonialQuote, author: testimonialAuthor, role: testimonialRole }
          : null,
      };
    },

    listPublishedTestimonials() {
      return db
        .select({
          id: testimonials.id,
          content: testimonials.content,
          name: testimonials.name,
          title: testimonials.title,
          company: testimonials.company,
          imageUrl: testimonials.imageUrl,
          rating: testimonials.rating,
        })
        .from(testimonials)
        .where(visibleRows(clock, testimonials))
        .orderBy(asc(testimonials.displayOrder), asc(testimonials.id));
    },
  };
}
export type MarketingRepository = ReturnType<typeof marketingRepository>;
