import { DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS } from '@agency/contracts';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';

/** Default site settings; keys staff already saved are left alone, so every start may run it. */
export async function seedAdmin(db: Db): Promise<void> {
  await db
    .insert(siteSettings)
    .values(SITE_SETTING_KEYS.map((key) => ({ key, value: DEFAULT_SITE_SETTINGS[key] })))
    .onConflictDoNothing({ target: siteSettings.key });
}
