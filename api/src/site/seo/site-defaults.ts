import type { Db } from '../../db/client';
import { loadSiteSettings } from '../../admin/site-settings';

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

/** Site name, default description and social profiles for the page head, from the CMS's site settings. */
export async function loadSiteDefaults(db: Db): Promise<SiteDefaults> {
  const settings = await loadSiteSettings(db);
  return {
    siteName: settings.siteName.trim() || FALLBACK_DEFAULTS.siteName,
    defaultMetaDescription:
      settings.defaultMetaDescription.trim() || FALLBACK_DEFAULTS.defaultMetaDescription,
    socialLinks: Object.values(settings.socialLinks).filter(
      (v): v is string => typeof v === 'string' && /^https:\/\//.test(v),
    ),
  };
}
