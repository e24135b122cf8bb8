import { z } from 'zod';
import { TRASH_RETENTION_DAYS, publishState } from '@agency/contracts';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '@agency/ui';
import { Switch } from './form-controls';
import type { Question } from './confirm';

/**
 * How the CMS shows a moment (a publish date, a revision, a deletion, a build): the site's date form
 * (the spec's US English, full month name) with the time in the editor's own zone, said out loud:
 * 'March 1, 2026 at 9:00 AM UTC'.
 */
export const formatDateTime = (value: string, { seconds = false }: { seconds?: boolean } = {}) => {
  const at = new Date(value);
  // A value that is not a moment is shown as it is (an old revision's odd field, say).
  if (Number.isNaN(at.getTime())) return value;
  return at.toLocaleString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // Item history: two saves in one minute are told apart.
    ...(seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  });
};

/** The browser's time zone, which the publish date inputs use. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Draft, Scheduled (with its date) or Published. */
export function PublishBadge({ item }: { item: { published: boolean; publishedAt?: string | null } }) {
  const state = publishState(item);
  const text =
    state === 'draft'
      ? 'Draft'
      : state === 'scheduled'
        ? `Scheduled: ${formatDateTime(item.publishedAt!)}`
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

export const PUBLISH_DATE_HINT = `Your time zone (${localTimeZone()}). Leave empty to publish at once. A published item with a later date is Scheduled: it goes live then.`;

export const UNPUBLISH_DATE_HINT = `Your time zone (${localTimeZone()}). Leave empty to keep it public. After this time visitors no longer see it; it stays published here.`;

/** What a delete asks before moving an item to the trash. */
export const trashQuestion = (kind: string, name: string): Question => ({
  title: `Move the ${kind} "${name}" to the trash?`,
  description: `You can restore it from the Trash tab for ${TRASH_RETENTION_DAYS} days.`,
  confirmLabel: 'Move to trash',
});

/** A datetime-local value in the future (a form's publish date), as an ISO instant; else null. */
function futureLocalDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.getTime() <= Date.now() ? null : at.toISOString();
}

/**
 * A form's on/off switch (Published, Active, Email Required). Given the form's publish date, a
 * published item dated later says when it goes live instead of "Visible on the site".
 */
export function FormSwitch<T extends FieldValues, TOut = T>({
  control,
  name,
  id,
  label,
  onText,
  offText,
  publishedAt,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  id?: string;
  label: string;
  onText?: string | undefined;
  offText?: string | undefined;
  /** The form's publish date (datetime-local text), for items that have one. */
  publishedAt?: unknown;
}) {
  const scheduledFor = futureLocalDate(publishedAt);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          id={id}
          label={label}
          checked={Boolean(field.value)}
          onChange={field.onChange}
          onText={scheduledFor ? `Scheduled: goes live ${formatDateTime(scheduledFor)}` : onText}
          offText={offText}
        />
      )}
    />
  );
}
