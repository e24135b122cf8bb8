import { useQuery } from '@tanstack/react-query';
import { FALLBACK_SITE_SETTINGS, siteSettingsQueryOptions, telHref } from '@agency/ui';

/**
 * Contact e-mail and phone from GET /api/site-settings. The query key is the shell footer's, so
 * both share one request through the shell's QueryClient; the seeded values show while it loads
 * and if it fails.
 */
export function useContactDetails() {
  const { data: settings = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);
  const phone = settings.contactPhone;
  return {
    email: settings.contactEmail,
    phone,
    phoneHref: phone ? telHref(phone) : '',
  };
}
