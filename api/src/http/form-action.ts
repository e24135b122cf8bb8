import type { Request, RequestHandler } from 'express';
import { safeParse, toJSONSchema, type $ZodType, type output } from 'zod/v4/core';
import { LEAD_SOURCE_FIELDS, type FormName, type FormOutcome, type LeadSource } from '@agency/contracts';
import type { Db } from '../db/client';
import { refuseOtherBodies } from './body-type';
import { clientAddress } from './client-address';
import { leadSourceOf } from './lead-source';
import type { LimitOptions } from './rate-limit';
import type { AppContext } from '../app-context';

/** What every form action may say about where it was sent (a gated resource's lead form names it). */
export interface FormContext {
  resourceId?: number;
}

/**
 * One public form, written once (React Router's route `action`): its contract, its limit per client,
 * its honeypot, how a valid submission is stored and what the sender is told. The JSON route
 * (`jsonFormRoute`) and the HTML post (forms/form-posts-router.ts) are thin adapters over it, and
 * whatever a stored submission causes (its notifications) is part of `store`, once.
 */
export interface FormAction<S extends $ZodType, Ctx extends FormContext, Stored> {
  form: FormName;
  /** The contract (strict, with the honeypot `website`). */
  schema: S;
  /** The per-client limit; its name is the counter family the JSON and HTML posts share. */
  limit: Omit<LimitOptions, 'scale'>;
  /** What the post is about, from its address and reader (a resource's id): throws 404 when there is none. */
  context: (req: Request, app: Pick<AppContext, 'db' | 'clock'>) => Promise<Ctx>;
  /**
   * Stores a valid, human submission with the handle it is given: the database, or the transaction in
   * which the HTML post also records its outcome. Everything it causes commits with it. `source`: where
   * the lead came from, derived by the adapter from the request and the form's hints (lead-source.ts).
   */
  store: (db: Db, input: output<S>, ctx: Ctx, source: LeadSource | undefined) => Promise<Stored>;
  /** The JSON answer's body for a stored submission (201); a refusal throws an HttpError instead. */
  json: (stored: Stored, ctx: Ctx) => unknown;
  /** What the page shows after a stored submission (`values`: what was typed, for a refusal). */
  outcome: (stored: Stored, ctx: Ctx, values: Record<string, string>) => FormOutcome;
  /** The honeypot was filled in: answers that look like a success, for a submission never stored. */
  decoy: { json: (input: output<S>, ctx: Ctx) => unknown; outcome: (ctx: Ctx) => FormOutcome };
  /** What makes two submissions the same one (the HTML post stores a resend once). */
  identity: (input: output<S>, ctx: Ctx) => unknown[];
}

export interface FormActionDeps extends Pick<AppContext, 'db' | 'clock' | 'rateLimits'> {
  rateLimitScale: number;
  /** PUBLIC_URL: a Referer on its host is one of the site's pages (as is one on the request's Host). */
  publicUrl?: string;
}

/** The filled-in honeypot of a parsed submission (every form contract has the `website` field). */
export const honeypotOf = (input: unknown): string | undefined =>
  (input as { website?: string } | undefined)?.website || undefined;

/** The tracking hints every form contract carries (filled in by the page's script, never typed). */
const HINT_FIELDS: readonly string[] = Object.values(LEAD_SOURCE_FIELDS);

/** A contract's output without its honeypot and lead-source hints: the fields a person typed. */
export function typedFields<T extends object>(
  input: T,
): Omit<T, 'website' | (typeof LEAD_SOURCE_FIELDS)[keyof typeof LEAD_SOURCE_FIELDS]> {
  const fields = { ...input } as Record<string, unknown>;
  for (const name of ['website', ...HINT_FIELDS]) delete fields[name];
  return fields as Omit<T, 'website' | (typeof LEAD_SOURCE_FIELDS)[keyof typeof LEAD_SOURCE_FIELDS]>;
}

/** The action's per-client limit under this deployment's RATE_LIMIT_SCALE. */
export const limitOf = (
  action: { limit: FormAction<$ZodType, FormContext, unknown>['limit'] },
  deps: FormActionDeps,
): LimitOptions => ({
  ...action.limit,
  scale: deps.rateLimitScale,
});

/**
 * The JSON route of a form: context (404), contract (400), limit (429, counted for valid submissions
 * only: an invalid one stores nothing), honeypot, store, 201.
 */
export function jsonFormRoute<S extends $ZodType, Ctx extends FormContext, Stored>(
  action: FormAction<S, Ctx, Stored>,
  deps: FormActionDeps,
): RequestHandler {
  const limit = limitOf(action, deps);
  return async (req, res) => {
    // A form-encoded body here is a client that meant the HTML post: say so, not "every field missing".
    refuseOtherBodies(req, ['application/json'], 'Send the form as JSON (Content-Type: application/json)');
    const ctx = await action.context(req, deps);
    const parsed = safeParse(action.schema, req.body ?? {});
    if (!parsed.success) throw parsed.error;
    await deps.rateLimits.countHit(limit, res, clientAddress(req));
    const input = parsed.data;
    if (honeypotOf(input)) {
      res.status(201).json(action.decoy.json(input, ctx));
      return;
    }
    const source = leadSourceOf(req, input, { publicUrl: deps.publicUrl });
    res.status(201).json(action.json(await action.store(deps.db, input, ctx, source), ctx));
  };
}

/** C0 controls and DEL, but tab and line breaks (a multi-line field keeps its lines). */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** A field whose contract states no length (an enum's longest value is short): kept to this. */
const DEFAULT_KEPT_LENGTH = 200;

/**
 * The longest value the contract allows per field (its JSON Schema's maxLength, an enum's longest
 * value): what a refused form keeps of each field is never more than a valid one could hold.
 */
export function fieldLimits(schema: $ZodType): Record<string, number> {
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { maxLength?: number; enum?: unknown[]; allOf?: { maxLength?: number }[] }>;
  };
  const limits: Record<string, number> = {};
  for (const [name, prop] of Object.entries(json.properties ?? {})) {
    const max =
      prop.maxLength ??
      prop.allOf?.find((p) => typeof p.maxLength === 'number')?.maxLength ??
      (prop.enum ? Math.max(...prop.enum.map((v) => String(v).length)) : DEFAULT_KEPT_LENGTH);
    limits[name] = max;
  }
  return limits;
}

/** What a refused form keeps of the typed values: its contract's fields, cut to their maxima, no controls. */
export function keptValues(
  values: Record<string, unknown>,
  limits: Record<string, number>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, max] of Object.entries(limits)) {
    // The honeypot is never shown again; the tracking hints are the page's, not typed.
    if (name === 'website' || HINT_FIELDS.includes(name)) continue;
    const v = values[name];
    if (typeof v === 'string') kept[name] = v.replace(CONTROL_CHARS, '').slice(0, max);
  }
  return kept;
}
