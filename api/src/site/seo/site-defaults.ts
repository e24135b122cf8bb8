import { siteDefaultsOf, type SiteDefaults } from '@agency/contracts';
import type { Db } from '../../db/client';
import { loadSiteSettings } from '../../admin/site-settings';

export type { SiteDefaults };

/** Site name, default description and social profiles for the page head, from the CMS's site settings. */
export async function loadSiteDefaults(db: Db): Promise<SiteDefaults> {
  return siteDefaultsOf(await loadSiteSettings(db));
}
