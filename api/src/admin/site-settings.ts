import { Router } from 'express';
import { inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_SITE_SETTINGS,
  SITE_SETTING_KEYS,
  siteSettingsSchema,
  type SiteSettingEntry,
  type SiteSettings,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';
import { parseBody } from '../http/validate';

/** The stored settings, with defaults for keys never saved (an unseeded site still has them). */
export async function loadSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...SITE_SETTING_KEYS]));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  // Parse so a stored value of the wrong shape falls back instead of reaching the page.
  const merged: SiteSettings = { ...DEFAULT_SITE_SETTINGS };
  for (const key of SITE_SETTING_KEYS) {
    if (!(key in stored)) continue;
    const field = siteSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) (merged as Record<string, unknown>)[key] = field.data;
  }
  return merged;
}

async function saveSiteSettings(db: Db, values: SiteSettings) {
  const rows = SITE_SETTING_KEYS.map((key) => ({ key, value: values[key] }));
  await db
    .insert(siteSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`now()` },
    });
}

const asEntries = (s: SiteSettings): SiteSettingEntry[] =>
  SITE_SETTING_KEYS.map((key) => ({ key, value: s[key] }));

/** Staff: GET / answers [{ key, value }], PUT / takes the whole settings object. */
export function siteSettingsAdminRouter(db: Db) {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(asEntries(await loadSiteSettings(db)));
  });
  router.put('/', async (req, res) => {
    const values = parseBody(siteSettingsSchema, req);
    await saveSiteSettings(db, values);
    res.json(asEntries(values));
  });
  return router;
}

/** Public GET /api/site-settings: the public keys only, as one object, never cached. */
export function publicSiteSettingsRouter(db: Db) {
  const router = Router();
  router.get('/site-settings', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(await loadSiteSettings(db));
  });
  return router;
}
