import { adminIdParams } from './admin';

/** Revisions kept per item; older ones are dropped when a save would exceed this. */
export const REVISIONS_KEPT = 50;

/**
 * How a revision came about: created, saved, restored from an earlier revision, or `baseline` (the item
 * as it was found before its first recorded save, e.g. seeded content).
 */
export const REVISION_KINDS = ['create', 'update', 'restore', 'baseline'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** One row of GET /api/admin/<type>/:id/revisions (newest first). */
export interface RevisionSummary {
  id: number;
  createdAt: string;
  kind: RevisionKind;
  /** The fields that differ from the item's previous revision. */
  changedFields: string[];
  /** Who saved it (issue 24); null for saves before accounts existed and for the seed. */
  actorName?: string | null;
}

/** GET /api/admin/<type>/:id/revisions/:revId: the item's editable fields as saved then. */
export interface Revision extends RevisionSummary {
  snapshot: Record<string, unknown>;
}

/** /api/admin/<type>/:id/revisions/:revId */
export const revisionParams = adminIdParams.extend({ revId: adminIdParams.shape.id });

/** Equal as JSON values, whatever the order of object keys (jsonb does not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => k in b && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** The fields whose values differ between two versions of an item (a field missing in one counts). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => !sameJson(before[k] ?? null, after[k] ?? null));
}
