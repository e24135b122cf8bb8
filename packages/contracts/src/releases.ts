import { z } from 'zod';
import { REMOTE_FOLDERS, REMOTE_NAMES, type RemoteName } from './routes';

/** A release version (`<package version>-<content hash>`): no path tricks, one folder name. */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,99}$/;

const remoteOf = (s: string): RemoteName | undefined =>
  REMOTE_NAMES.find((name) => name === s || REMOTE_FOLDERS[name] === s);

/**
 * A preview override as staff give it (`?remotes=mf-content@1.4.0-ab12cd,mf-cms@2.0.0-x`) and as the
 * preview cookie keeps it: remotes by folder or federation name, each at most once. An empty text is
 * no override (it ends a preview).
 */
export const remoteOverridesSchema = z
  .string()
  .max(1000)
  .transform((text, ctx) => {
    const overrides: Partial<Record<RemoteName, string>> = {};
    for (const item of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const at = item.lastIndexOf('@');
      const remote = remoteOf(at > 0 ? item.slice(0, at) : item);
      const version = at > 0 ? item.slice(at + 1) : '';
      if (!remote) ctx.addIssue({ code: 'custom', message: `Unknown remote in '${item}'` });
      else if (!RELEASE_VERSION_PATTERN.test(version))
        ctx.addIssue({ code: 'custom', message: `'${item}' is not <remote>@<version>` });
      else if (overrides[remote])
        ctx.addIssue({ code: 'custom', message: `${REMOTE_FOLDERS[remote]} is given twice` });
      else overrides[remote] = version;
    }
    return overrides;
  });

export type RemoteOverrides = z.output<typeof remoteOverridesSchema>;

/** How a version became a remote's current one (the database store logs each switch). */
export const RELEASE_ACTIONS = ['release', 'promote', 'rollback'] as const;

/**
 * `POST /api/admin/releases/:remote/promote`: the stored `version` becomes live, or with `percent`
 * 1–99 a canary for that share of visitors (100, or none, is a promote), as `npm run promote` does.
 */
export const promoteReleaseSchema = z
  .object({
    version: z.string().regex(RELEASE_VERSION_PATTERN, 'Give the version of a stored release'),
    percent: z
      .number({ error: 'Percent must be a whole number from 1 to 100' })
      .int('Percent must be a whole number from 1 to 100')
      .min(1, 'Percent must be a whole number from 1 to 100')
      .max(100, 'Percent must be a whole number from 1 to 100')
      .optional(),
    /** Promote (or start the canary) even though its preflight failed: the owner only, audited. */
    force: z.boolean({ error: 'force is true or false' }).optional(),
  })
  .strict();
export type PromoteReleaseInput = z.infer<typeof promoteReleaseSchema>;

/**
 * One remote's releases in `GET /api/admin/releases` (one item per remote). Read tolerantly: a field
 * the store does not know (the disk store keeps no dates, actions or commits) is absent, and a reader
 * shows what is there.
 */
export const remoteReleasesSchema = z.object({
  /** The remote's folder name (`mf-content`), as the release commands name it. */
  remote: z.string(),
  /** The version served to everyone outside a canary; null: the locally built remote. */
  live: z.string().nullable().catch(null),
  canary: z.object({ version: z.string(), percent: z.number() }).nullable().catch(null),
  /** The version the last switch rolled back from (null: the last switch was no rollback). */
  rolledBack: z.string().nullable().optional().catch(null),
  /**
   * Stored, not live: what a promote can switch to (never live, or rolled back from). Newest first
   * where the store knows. `storedAt`: when it was built and stored; `subject`: what changed.
   */
  staged: z
    .array(
      z.object({
        version: z.string(),
        storedAt: z.string().optional().catch(undefined),
        subject: z.string().optional().catch(undefined),
      }),
    )
    .catch([]),
  /** The last canary that ended by itself (the canary guard): which version, why, when. */
  canaryEnded: z
    .object({ version: z.string(), reason: z.string(), at: z.string() })
    .nullable()
    .optional()
    .catch(null),
  /** The switches, newest first; `current`: the one that put the live version in place. */
  history: z
    .array(
      z.object({
        version: z.string(),
        current: z.boolean().catch(false),
        action: z.enum(RELEASE_ACTIONS).optional().catch(undefined),
        switchedAt: z.string().optional().catch(undefined),
        gitCommit: z.string().optional().catch(undefined),
        /** When the version was built and stored. */
        builtAt: z.string().optional().catch(undefined),
        /** What changed in it: the commit subject recorded at release time. */
        subject: z.string().optional().catch(undefined),
      }),
    )
    .catch([]),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

/** What a promote or rollback answers: what happened in words, and the remote's releases now. */
export interface ReleaseSwitchAnswer {
  message: string;
  releases: RemoteReleases;
  /** A promote's preflight (api/src/releases/preflight.ts): every page compared with the live version. */
  preflight?: PreflightReport;
}

/** One page of a preflight: its status on the live and on the staged version, and what got worse. */
export interface PreflightPage {
  path: string;
  /** The route's id (`blog-post`). */
  route: string;
  liveStatus: number;
  stagedStatus: number;
  /** Empty: the page renders on the staged version as on the live one. */
  problems: string[];
}

/**
 * Before a stored version goes live or starts a canary, every page its remote serves is rendered with
 * it and with the live version (each published item of a parameterised page, capped) and compared.
 */
export interface PreflightReport {
  /** The remote's folder name (`mf-content`). */
  remote: string;
  version: string;
  /** The live version it was compared with (null: the locally built remote). */
  live: string | null;
  passed: boolean;
  checked: number;
  failed: number;
  /** How long the whole preflight took. */
  ms: number;
  pages: PreflightPage[];
  /** What was not checked, and why (a browser-only app, items past the cap). */
  skipped?: string[];
}

/** The 409 answer of a promote whose preflight failed (`force: true` from the owner goes past it). */
export interface PreflightRefusal {
  code: 'PREFLIGHT_FAILED';
  message: string;
  preflight: PreflightReport;
}

/**
 * A canary the canary guard ended by itself (its failures per thousand views past the live version's
 * by more than Settings allow): what the audit, the log and the release webhook (`canary.ended`) say.
 */
export interface CanaryEnd {
  /** The remote's folder name. */
  remote: string;
  version: string;
  /** The version everyone is on now. */
  live: string;
  reason: string;
  at: string;
  canary: { views: number; failures: number };
  liveCounts: { views: number; failures: number };
}
