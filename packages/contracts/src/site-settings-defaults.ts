import type { SiteSettings } from './admin';
import { DEFAULT_LEAD_RETENTION_MONTHS } from './content-values';

/**
 * The site settings a fresh site starts with, and what the public site shows until the real ones
 * load. Free of zod (type-only import), so the shell can import it without the validation library.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Distilled Digital',
  contactEmail: 'hello@distilled.agency',
  contactPhone: '+1 (415) 555-0142',
  socialLinks: {
    linkedin: 'https://www.linkedin.com/company/distilled-digital',
    x: 'https://x.com/distilleddigital',
    instagram: 'https://www.instagram.com/distilleddigital',
    youtube: 'https://www.youtube.com/@distilleddigital',
  },
  defaultMetaDescription:
    'Distilled Digital: SEO, paid media, data science, AI automations, Shopify and web design for growing businesses.',
  leadRetentionMonths: DEFAULT_LEAD_RETENTION_MONTHS,
  // As in admin.ts (DEFAULT_CANARY_*), written out here to keep this file free of zod.
  canaryMaxFailuresPerThousand: 10,
  canaryMinViews: 200,
};
