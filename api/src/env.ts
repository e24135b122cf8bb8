import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { STAFF_PASSWORD_MIN_LENGTH } from '@agency/contracts';

/** Repository root: the built shell and remotes live in <root>/<workspace>/dist. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /**
   * The public origin for every absolute URL (canonical, Open Graph, sitemap, robots.txt, RSS); never
   * taken from the request's Host header. Production sets it; a local start uses http://localhost:<PORT>.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:$/.test(new URL(u).protocol), 'PUBLIC_URL must be an http(s) URL')
    .optional(),
  /** Number of proxy hops in front of the API (0 = none). Never `true`: that lets clients spoof their IP. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Held to the Settings form's minimum; the message names the rule, never the value. */
  ADMIN_PASSWORD: z
    .string()
    .min(
      STAFF_PASSWORD_MIN_LENGTH,
      `ADMIN_PASSWORD must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long (the same minimum as CMS > Settings)`,
    )
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_ROOT: z.string().default(REPO_ROOT),
  /** Release store: versioned remote builds plus release-state.json (see docs/deploying.md). */
  RELEASES_DIR: z.string().default(path.join(REPO_ROOT, 'releases')),
  /** Where browsers fetch released remotes from: this server by default, or a CDN / static host. */
  RELEASES_BASE_URL: z.string().default('/releases'),
  REMOTE_MF_MARKETING_URL: z.string().optional(),
  REMOTE_MF_CONTENT_URL: z.string().optional(),
  REMOTE_MF_CONTACT_URL: z.string().optional(),
  REMOTE_MF_CMS_URL: z.string().optional(),
  /** Fill empty tables with demo content at start ('false' starts with an empty site). */
  SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Signs gated-download links; set the same value on every instance when scaling out. */
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  /**
   * How long a visitor waits for a server render (data and HTML) when a stale copy of the page can be
   * sent instead; without one the render may take RENDER_CAP_FACTOR (3) times this, and what is slower
   * still is rendered in the browser (site/render/render-flight.ts). Warm
   * renders take 10-80 ms here. The budget only bounds the worst case (a cold code path, a database
   * under load): a page whose text is in the HTML matters more to visitors and crawlers than a first
   * byte that is a few hundred milliseconds earlier.
   */
  SSR_BUDGET_MS: z.coerce.number().int().min(10).max(10_000).default(1000),
  /** Multiplies every rate limit (benchmarks raise it by configuration). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Port of the Prometheus /metrics listener; unset = no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics listener binds to: the loopback unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * The operator's word for a trash purge that looks like a clock jump (more than TRASH_PURGE_MAX_ITEMS
   * items at once, or over half the trash): 1 purges it; otherwise it is refused with a warning.
   */
  TRASH_PURGE_CONFIRM: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  TRASH_PURGE_MAX_ITEMS: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /**
   * PGlite (no DATABASE_URL): below this many MB free on DATA_DIR's disk, changes answer 503 and
   * /readyz 503; a start below it exits with a message. 0 turns the watch off.
   */
  DISK_FREE_FLOOR_MB: z.coerce.number().int().min(0).max(1_000_000_000).default(256),
  /**
   * PostgreSQL: how long one statement may run or wait for a lock before it is cancelled and the
   * request answers 503 with Retry-After (default 10 s).
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /**
   * Backstop for the in-memory cache of public answers: an entry is dropped this long after it was
   * stored even if no change was heard (a missed cross-instance notification heals by itself).
   */
  CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * How long a page that left the public cache (aged out, or dropped by a change) may still be sent as
   * stale while one render refreshes it (docs/performance.md); 0: never.
   */
  CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * The mail server lead notifications go through (smtp://user:pass@host:587, smtps://…:465); unset:
   * they wait in the outbox and go out once it is set (docs/integrations.md).
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:$/.test(new URL(u).protocol), 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From of notification e-mails, e.g. `"Distilled Digital" <leads@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /** 1: webhooks may call loopback, link-local and private addresses (off: server-side request forgery). */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /**
   * Called (POST, signed like the notification webhooks: X-Agency-Signature with RELEASE_WEBHOOK_SECRET, else
   * SECRET_KEY) when a canary ends by itself (site/canary-guard.ts): `{"event":"canary.ended",…}`.
   */
  RELEASE_WEBHOOK_URL: z.string().url().optional(),
  RELEASE_WEBHOOK_SECRET: z.string().min(16).optional(),
  /**
   * How long an instance holds a notification it is sending; if it dies, another takes the job after
   * this (PostgreSQL; a PGlite server takes its own back at start). Longer than any one send.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * How long a shared cache in front (Varnish, a CDN) may keep a public page or API read: its
   * s-maxage. Default: a day when SHARED_CACHE_PURGE_URLS lets staff saves purge it, else 60 s.
   */
  SHARED_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(31_536_000).optional(),
  /** stale-while-revalidate of public answers (default 30 s). */
  SHARED_CACHE_SWR_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  /** stale-if-error of public answers: how long a shared cache may serve a copy while the origin fails (default a day). */
  SHARED_CACHE_STALE_IF_ERROR_SECONDS: z.coerce.number().int().min(0).max(31_536_000).optional(),
  /**
   * Shared caches to purge when content changes (http/shared-cache-purge.ts), space- or
   * comma-separated: `varnish+http://10.0.0.5:6081` (HTTP PURGE with an xkey header) or
   * `https://api.cdn.example/purge` (POST {"tags": [...]} with SHARED_CACHE_PURGE_TOKEN). Unset: no purges.
   */
  SHARED_CACHE_PURGE_URLS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .refine(
            (u) => /^(varnish\+)?https?:\/\/[^/]/.test(u),
            'SHARED_CACHE_PURGE_URLS: each must be varnish+http(s)://host[:port] or an http(s) purge API URL',
          ),
      ),
    ),
  /** Bearer token sent to the generic purge API (never to Varnish). */
  SHARED_CACHE_PURGE_TOKEN: z.string().optional(),
});

/** The settings with their defaults applied; PUBLIC_URL is always an origin without a trailing slash. */
const settingsSchema = envSchema.transform((env) => ({
  ...env,
  PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  /** False when PUBLIC_URL fell back to localhost: fine on a laptop, wrong for a public site. */
  PUBLIC_URL_SET: env.PUBLIC_URL !== undefined,
}));

export type Env = z.infer<typeof settingsSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = settingsSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

/**
 * The warning for a production server whose PUBLIC_URL is unset (undefined when there is none): its
 * canonical links, Open Graph and JSON-LD URLs, sitemap, robots.txt and RSS all name localhost.
 * The start-up log and the CMS Overview show the same text.
 */
export function publicUrlProblem(
  env: Pick<Env, 'PUBLIC_URL' | 'PUBLIC_URL_SET'>,
  nodeEnv: string | undefined = process.env.NODE_ENV,
): string | undefined {
  if (env.PUBLIC_URL_SET || nodeEnv !== 'production') return undefined;
  return (
    `PUBLIC_URL is not set: links in pages, the sitemap, robots.txt and the RSS feed point at ` +
    `${env.PUBLIC_URL}, which visitors and search engines cannot reach. Set PUBLIC_URL to the site's ` +
    `public address (for example PUBLIC_URL=https://www.example.com) and restart the server.`
  );
}
