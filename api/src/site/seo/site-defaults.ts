import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

export interface SiteDefaults {
  siteName: string;
  defaultMetaDescription: string;
  socialLinks: string[];
}

export const FALLBACK_DEFAULTS: SiteDefaults = {
  siteName: 'Distilled Digital',
  defaultMetaDescription:
    'Distilled Digital is a senior-led digital marketing agency for SEO, paid media, data science, AI automations, Shopify and web design. Clarity in data, creativity in growth.',
  socialLinks: [],
};

/** Site name and default description from the CMS's site settings, with sensible fallbacks. */
export async function loadSiteDefaults(db: Db): Promise<SiteDefaults> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, ['siteName', 'defaultMetaDescription', 'socialLinks']));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
  const social = byKey.get('socialLinks');
  return {
    siteName: str(byKey.get('siteName'), FALLBACK_DEFAULTS.siteName),
    defaultMetaDescription: str(
      byKey.get('defaultMetaDescription'),
      FALLBACK_DEFAULTS.defaultMetaDescription,
    ),
    socialLinks:
      social && typeof social === 'object'
        ? Object.values(social as Record<string, unknown>).filter(
            (v): v is string => typeof v === 'string' && /^https:\/\//.test(v),
          )
        : [],
  };
}
