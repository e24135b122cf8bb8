import type { Service } from '@agency/contracts/browser';
import {
  DEFAULT_SERVICE_ICON,
  DEFAULT_SERVICE_VISUAL,
  SERVICE_ICONS,
  SERVICE_VISUALS,
} from '@agency/contracts/content-values';
import { ApiRoutes } from '@agency/contracts/routes';
import { getJson } from './api-client';

/**
 * The published services (GET /api/services?published=true), shared by the shell's footer and the
 * marketing pages (home grid, services overview): one query key, one request, one shape. Checked
 * without zod (the shell ships it), as tolerantly as the contract: an item without an id, title or
 * slug is left out; any other odd field reads as its default.
 */
export type { Service };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(v) ? (v as T) : fallback;

function featureTitle(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  return isRecord(v) && typeof v.title === 'string' ? v.title : undefined;
}

export function normalizeServices(raw: unknown): Service[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r): Service[] => {
    if (!isRecord(r) || !Number.isInteger(r.id) || !str(r.title) || !str(r.slug)) return [];
    return [
      {
        id: r.id as number,
        title: str(r.title),
        slug: str(r.slug),
        description: str(r.description),
        icon: oneOf(SERVICE_ICONS, r.icon, DEFAULT_SERVICE_ICON),
        visual: oneOf(SERVICE_VISUALS, r.visual, DEFAULT_SERVICE_VISUAL),
        features: Array.isArray(r.features) ? r.features.flatMap((f) => featureTitle(f) ?? []) : [],
        provenResult: str(r.provenResult),
        displayOrder: Number.isInteger(r.displayOrder) ? (r.displayOrder as number) : 0,
      },
    ];
  });
}

export async function getServices(): Promise<Service[]> {
  return normalizeServices(await getJson<unknown>(ApiRoutes.services));
}

/** `useQuery(servicesQueryOptions)`: a plain object, so @agency/ui needs no react-query import. */
export const servicesQueryOptions = {
  queryKey: ['services', { published: true }],
  queryFn: getServices,
  retry: false,
  refetchOnWindowFocus: false,
} as const;
