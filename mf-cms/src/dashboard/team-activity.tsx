import { useQuery } from '@tanstack/react-query';
import {
  CONTENT_TYPES,
  OVERVIEW_PATH,
  recentEditSchema,
  scheduledItemSchema,
  type ContentType,
  type Overview,
} from '@agency/contracts';
import { Card, readListOf } from '@agency/ui';
import { adminGet } from '../shared/admin-api';
import { addressSearch, type TabName } from '../shared/cms-address';
import { formatDateTime } from '../shared/publishing';

/**
 * Tolerant: each list is read item by item (a row of a type this CMS does not know is left out), and
 * an older API without the route, or without one of the lists, shows nothing, never an error.
 */
const readOverview = (d: unknown): Overview | null => {
  if (!d || typeof d !== 'object') return null;
  const { scheduled, recentEdits } = d as Record<string, unknown>;
  const listOf = <T,>(list: unknown, item: Parameters<typeof readListOf<T>>[0], what: string) =>
    Array.isArray(list) ? readListOf(item, list, what) : [];
  return {
    scheduled: listOf(scheduled, scheduledItemSchema, 'Overview scheduled items'),
    recentEdits: listOf(recentEdits, recentEditSchema, 'Overview recent edits'),
  };
};

/** What happens at the scheduled time, after the item's name. */
const EVENT_WORDS: Record<Overview['scheduled'][number]['what'], string> = {
  'goes-live': 'goes live',
  changes: 'gets its scheduled changes',
  unpublishes: 'unpublishes',
};

const KIND_WORDS: Record<Overview['recentEdits'][number]['kind'], string> = {
  create: 'created',
  update: 'edited',
  restore: 'restored an earlier version of',
};

/** A link to an item's editor: a real address (a new tab, a copied link), opened in place on a click. */
function ItemLink({
  type,
  id,
  title,
  onOpenItem,
}: {
  type: ContentType;
  id: number;
  title: string;
  onOpenItem: (tab: TabName, id: number) => void;
}) {
  const tab = CONTENT_TYPES[type].tab as TabName;
  return (
    <a
      href={`/cms${addressSearch({ tab, item: String(id) })}`}
      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onOpenItem(tab, id);
      }}
    >
      {title || `${CONTENT_TYPES[type].label} #${id}`}
    </a>
  );
}

/**
 * The Overview's "Coming up" (published items dated in the future, which go live by themselves) and
 * "Recent edits" (the team's latest saves, by whom), each linking to the item's editor.
 */
export function TeamActivity({
  onOpenItem,
  canOpen = () => true,
}: {
  onOpenItem: (tab: TabName, id: number) => void;
  canOpen?: (tab: TabName) => boolean;
}) {
  const { data } = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: () => adminGet<unknown>(OVERVIEW_PATH),
    select: readOverview,
    retry: false,
  });
  if (!data) return null;
  const visible = <T extends { type: ContentType }>(rows: T[]) =>
    rows.filter((r) => canOpen(CONTENT_TYPES[r.type].tab as TabName));
  const scheduled = visible(data.scheduled);
  const edits = visible(data.recentEdits);
  return (
    <div className="mt-8 grid gap-4 lg:grid-cols-2">
      <Card className="p-6">
        <h3 className="text-lg font-semibold text-ink-900">Coming up</h3>
        {scheduled.length ? (
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {scheduled.map((s) => (
              <li key={`${s.type}-${s.id}`}>
                <ItemLink {...s} onOpenItem={onOpenItem} /> ({CONTENT_TYPES[s.type].label.toLowerCase()}){' '}
                {EVENT_WORDS[s.what]} {formatDateTime(s.at)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">Nothing is scheduled to go live.</p>
        )}
      </Card>
      <Card className="p-6">
        <h3 className="text-lg font-semibold text-ink-900">Recent edits</h3>
        {edits.length ? (
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {edits.map((e) => (
              <li key={`${e.type}-${e.id}-${e.at}`}>
                {e.by} {KIND_WORDS[e.kind]} <ItemLink {...e} onOpenItem={onOpenItem} /> (
                {CONTENT_TYPES[e.type].label.toLowerCase()}), {formatDateTime(e.at)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No content has been saved yet.</p>
        )}
      </Card>
    </div>
  );
}
