import { z } from 'zod';
import { TRASH_RETENTION_DAYS, publishState } from '@agency/contracts';
import { cn } from '@agency/ui';

/** How a list shows a publish date: "Dec 1, 2026, 9:00 AM" in the browser's time zone. */
export const formatPublishDate = (value: string) =>
  new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Draft, Scheduled (with its date) or Published. */
export function PublishBadge({ item }: { item: { published: boolean; publishedAt?: string | null } }) {
  const state = publishState(item);
  const text =
    state === 'draft'
      ? 'Draft'
      : state === 'scheduled'
        ? `Scheduled: ${formatPublishDate(item.publishedAt!)}`
        : 'Published';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        state === 'published'
          ? 'bg-emerald-50 text-emerald-800'
          : state === 'scheduled'
            ? 'bg-amber-50 text-amber-900'
            : 'bg-slate-100 text-slate-700',
      )}
    >
      {text}
    </span>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as the value of an <input type="datetime-local"> (local time, to the second). */
export function toDateTimeLocal(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The form's local date-time as ISO 8601 for the API; empty: null (no date). */
export const dateTimeLocalField = z.string().transform((v) => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
});

export const PUBLISH_DATE_HINT =
  'Leave empty to publish at once. A published item with a later date is Scheduled: it goes live then.';

/** What a delete asks before moving an item to the trash. */
export const trashConfirmText = (kind: string, name: string) =>
  `Move the ${kind} "${name}" to the trash? You can restore it from the Trash tab for ${TRASH_RETENTION_DAYS} days.`;
