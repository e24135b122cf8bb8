import { createHash } from 'node:crypto';
import { Router } from 'express';
import { inArray, sql } from 'drizzle-orm';
import {
  API_PATHS,
  AdminMessages,
  DEFAULT_SITE_SETTINGS,
  ErrorCode,
  SITE_SETTING_KEYS,
  siteSettingsSchema,
  underApi,
  type SiteSettingEntry,
  type SiteSettings,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { siteSettings } from '../db/schema';
import { parseBody } from '../http/validate';
import { ifMatchTags } from '../http/conditional-write';
import { HttpError } from '../http/errors';

/** The stored settings, with defaults for keys never saved (an unseeded site still has them). */
export async function loadSiteSettings(db: Db | Tx): Promise<SiteSettings> {
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The version tag of the settings as stored: a strong ETag of their content, so any save that changed
 * a value (on any instance) changes it, whatever the clocks say.
 */
export const settingsTag = (s: SiteSettings) =>
  `"${createHash('sha256')
    .update(JSON.stringify(asEntries(s)))
    .digest('base64url')
    .slice(0, 22)}"`;

async function saveSiteSettings(db: Db | Tx, values: SiteSettings) {
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

/**
 * Staff: GET / answers [{ key, value }] with an ETag; PUT / takes the whole settings object and, with
 * If-Match, answers 412 when the settings changed since that version (the same rule as content): the
 * check and the write hold one lock, so two stale saves cannot both win.
 */
export function siteSettingsAdminRouter(db: Db) {
  const router = Router();
  router.get('/', async (_req, res) => {
    const current = await loadSiteSettings(db);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('ETag', settingsTag(current));
    res.json(asEntries(current));
  });
  router.put('/', async (req, res) => {
    const values = parseBody(siteSettingsSchema, req);
    const tags = ifMatchTags(req);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site-settings'))`);
      if (tags && !tags.includes('*') && !tags.includes(settingsTag(await loadSiteSettings(tx)))) {
        throw new HttpError(412, ErrorCode.PRECONDITION_FAILED, AdminMessages.settingsChangedSinceOpened);
      }
      await saveSiteSettings(tx, values);
    });
    res.setHeader('ETag', settingsTag(values));
    res.json(asEntries(values));
  });
  return router;
}

/** Public GET /api/site-settings: the public keys only, as one object, never cached. */
export function publicSiteSettingsRouter(db: Db) {
  const router = Router();
  router.get(underApi(API_PATHS.siteSettings), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(await loadSiteSettings(db));
  });
  return router;
}
