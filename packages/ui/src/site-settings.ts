import type { SiteSettings } from '@agency/contracts';
import { DEFAULT_SITE_SETTINGS } from '@agency/contracts/site-settings-defaults';
import { API_PATHS } from '@agency/contracts/routes';
import { getJson } from './api-client';
import { loadReaders } from './load-readers';
import { readAnswer } from './tolerant';

/**
 * Public site settings (spec: footer and contact page; issue 5 item 3), shared by the shell footer
 * and the contact remote, read field by field (siteSettingsReader: a bad field reads as its default).
 */
export type { SiteSettings };
export type SocialPlatform = keyof SiteSettings['socialLinks'];

/** The public settings' address, from the API path table (the zod-free routes module). */
export const SITE_SETTINGS_URL = API_PATHS.siteSettings;

/** Shown while the settings load or when they fail: the seeded defaults (no zod attached). */
export const FALLBACK_SITE_SETTINGS: SiteSettings = DEFAULT_SITE_SETTINGS;

export async function getSiteSettings(): Promise<SiteSettings> {
  const readers = loadReaders();
  const body = await getJson(SITE_SETTINGS_URL);
  return readAnswer((await readers).siteSettingsReader, body, 'site settings');
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
