import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root: the built shell and remotes live in <root>/<workspace>/dist. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  PUBLIC_URL: z.string().url().optional(),
  /** Number of proxy hops in front of the API (0 = none). Never `true`: that lets clients spoof their IP. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  ADMIN_PASSWORD: z.string().min(1).optional(),
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
  /** Multiplies every rate limit (benchmarks raise it by configuration). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
