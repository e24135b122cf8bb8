import type { SiteSettings } from '@agency/contracts';
import { DEFAULT_SITE_SETTINGS } from '@agency/contracts/site-settings-defaults';
import { API_PATHS } from '@agency/contracts/routes';
import { getJson } from './api-client';

/**
 * Public site settings (spec: footer and contact page; issue 5 item 3), shared by the shell footer
 * and the contact remote. Type-only import from @agency/contracts, so no zod reaches the shell.
 */
export type { SiteSettings };
export type SocialPlatform = keyof SiteSettings['socialLinks'];

/** The public settings' address, from the API path table (the zod-free routes module). */
export const SITE_SETTINGS_URL = API_PATHS.siteSettings;

/** Shown while the settings load or when they fail: the seeded defaults (no zod attached). */
export const FALLBACK_SITE_SETTINGS: SiteSettings = DEFAULT_SITE_SETTINGS;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

/**
 * Light shape check without zod: a field of the wrong type falls back to its default, so a bad
 * answer never renders `undefined` on the page.
 */
export function normalizeSiteSettings(raw: unknown): SiteSettings {
  const f = FALLBACK_SITE_SETTINGS;
  const r = isRecord(raw) ? raw : {};
  const links = isRecord(r.socialLinks) ? r.socialLinks : {};
  const siteName = str(r.siteName, f.siteName).trim();
  const contactEmail = str(r.contactEmail, f.contactEmail).trim();
  return {
    siteName: siteName || f.siteName,
    contactEmail: contactEmail || f.contactEmail,
    contactPhone: str(r.contactPhone, f.contactPhone).trim(),
    socialLinks: {
      linkedin: str(links.linkedin, f.socialLinks.linkedin).trim(),
      x: str(links.x, f.socialLinks.x).trim(),
      instagram: str(links.instagram, f.socialLinks.instagram).trim(),
      youtube: str(links.youtube, f.socialLinks.youtube).trim(),
    },
    defaultMetaDescription: str(r.defaultMetaDescription, f.defaultMetaDescription),
    leadRetentionMonths:
      typeof r.leadRetentionMonths === 'number' &&
      Number.isInteger(r.leadRetentionMonths) &&
      r.leadRetentionMonths > 0
        ? r.leadRetentionMonths
        : f.leadRetentionMonths,
    canaryMaxFailuresPerThousand:
      typeof r.canaryMaxFailuresPerThousand === 'number' && r.canaryMaxFailuresPerThousand >= 0
        ? r.canaryMaxFailuresPerThousand
        : f.canaryMaxFailuresPerThousand,
    canaryMinViews:
      typeof r.canaryMinViews === 'number' && Number.isInteger(r.canaryMinViews) && r.canaryMinViews > 0
        ? r.canaryMinViews
        : f.canaryMinViews,
  };
}

export async function getSiteSettings(): Promise<SiteSettings> {
  return normalizeSiteSettings(await getJson<unknown>(SITE_SETTINGS_URL));
}

/** One key for every user of the settings, so the footer and the contact page share one request. */
export const siteSettingsQueryKey = ['site-settings'] as const;

/**
 * Options for `useQuery` (a plain object, so @agency/ui needs no react-query import):
 * `const { data = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);`
 */
export const siteSettingsQueryOptions = {
  queryKey: siteSettingsQueryKey,
  queryFn: getSiteSettings,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

/** The href of a social link when it is a usable https URL, else undefined (the link is hidden). */
export function httpsUrlOrUndefined(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v || !/^https:\/\/[^\s]+$/i.test(v)) return undefined;
  try {
    return new URL(v).protocol === 'https:' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `tel:` target of a displayed phone number: its digits, and a + only when it leads. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
