import { Tooltip } from '@agency/ui/tooltip';
import type { ReactNode } from 'react';
import { Button, Card } from '@agency/ui';
import { Pencil, Plus, Trash2 } from 'lucide-react';

/** Tab heading with its primary action. */
export function TabHeader({
  title,
  description,
  action,
  onAction,
}: {
  title: string;
  description?: string;
  action?: string;
  onAction?: () => void;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 className="text-xl font-semibold text-ink-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {action && onAction ? (
        <Button onClick={onAction}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {action}
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Card className="p-10 text-center text-sm text-slate-600">
      <p>{children}</p>
    </Card>
  );
}

/** A list that could not be loaded: says which, and offers to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState>
      {what} could not be loaded.{' '}
      <button type="button" className="font-semibold text-brand-700 underline" onClick={onRetry}>
        Retry
      </button>
    </EmptyState>
  );
}

export function ListCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card className="overflow-hidden">
      <ul aria-label={label} className="divide-y divide-slate-200">
        {children}
      </ul>
    </Card>
  );
}

/** Small square icon button with an accessible name. */
export function IconButton({
  label,
  onClick,
  children,
  tone = 'default',
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={
          'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-200 bg-white transition-colors ' +
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
          (tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100')
        }
      >
        {children}
      </button>
    </Tooltip>
  );
}

/** A list row's Edit and Delete buttons, named after the item ("Edit <name>", "Delete <name>"). */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <IconButton label={`Edit ${name}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={`Delete ${name}`} tone="danger" onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </IconButton>
    </>
  );
}
