import {
  useEffect,
  useId,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import type { ContentDraft } from '@agency/contracts';
import { errorMessage, fieldErrors, useSaveEntity, versionOf } from './admin-api';
import { DraftBanner, ScheduleChanges, draftOf, savesAsDraft, useDraftWrites } from './item-drafts';
import { formatDateTime, toDateTimeLocal } from './publishing';
import { DIALOG_ACTIONS, EditorDialog, SaveProblem, useSaveState, type SaveState } from './editor-dialog';
import { DraftOffer, useLocalDraft, type LocalDraft } from './local-draft';
import { EditingNotice } from './editing-presence';
import { RevisionHistory } from './revision-history';

export interface EditorSaveOptions<TForm extends FieldValues, TValues, TRow extends { id: number }> {
  /** The admin list URL: a new item is POSTed there, a stored one PUT to `<url>/<id>`. */
  url: string;
  /** The stored item, or null for a new one. */
  row: TRow | null;
  form: UseFormReturn<TForm, unknown, TValues>;
  /** A stored item as form values (after a reload, the form shows the current version). */
  toForm: (row: TRow) => TForm;
  onClose: () => void;
  /** Toast titles after a save ('Blog Post saved') and after a refusal ('Blog Post not saved'). */
  savedTitle: string;
  notSavedTitle: string;
  /** The value naming the item in the toast ('"Our title" was saved.'). */
  nameField: string;
  /** The form field a server message for `path` ('results.0.metric') goes beside, or null. */
  fieldOf: (path: string) => string | null;
  /** The form was reset from elsewhere (a reload after 412, a restored draft). */
  onReset?: () => void;
  /** Refuses a save before it is sent (true: refused; the form shows why). */
  refuse?: () => boolean;
}

/**
 * An opened live item's draft actions (issue 41): its changes are saved as a pending draft, published,
 * scheduled or discarded; the live site changes only when the server says it went live.
 */
export interface DraftActions {
  /** The pending draft the item was opened with, if any. */
  draft: ContentDraft | undefined;
  pending: boolean;
  /** Saves the form as the draft: the live item stays as it is. */
  saveDraft: () => void;
  /** Saves the form as the draft, to go live at `publishAt` (ISO). */
  schedule: (publishAt: string) => void;
  /** Publishes the stored draft (the form's unsaved changes with it). */
  publishNow: () => void;
  discard: () => void;
}

/**
 * The save flow every CMS editor shares: If-Match with the version it opened, the local draft,
 * a 412's reload-and-copy path, the server's field messages beside their fields, the toasts, and
 * closing once stored, or (Ctrl+S, `saveAndStay`) staying open on what was stored. Give the answer
 * to `EditorForm`.
 */
export function useEditorSave<TForm extends FieldValues, TValues, TRow extends { id: number }>(
  options: EditorSaveOptions<TForm, TValues, TRow>,
): EditorSave<TRow> {
  const { url, form } = options;
  // The item as stored: the one opened, then what a save that kept the editor open stored (a new
  // item's next save updates it; a published draft's banner goes).
  const [row, setRow] = useState(options.row);
  const id = useId();
  const save = useSaveEntity<TValues, TRow>(url);
  const state = useSaveState<TRow>(url, row, (fresh) => {
    form.reset(options.toForm(fresh));
    options.onReset?.();
  });
  const dirty = form.formState.isDirty;
  const draft = useLocalDraft(`${url}/${row?.id ?? 'new'}`, {
    form,
    restore: (values) => {
      form.reset(values as TForm, { keepDefaultValues: true });
      options.onReset?.();
    },
  });

  const name = (stored: unknown, values: TValues) =>
    String(
      (stored as Record<string, unknown> | null)?.[options.nameField] ??
        (values as Record<string, unknown>)[options.nameField],
    );
  const refused = (err: unknown, values: TValues, title = options.notSavedTitle) => {
    state.failed(err, values as object);
    for (const [path, message] of Object.entries(fieldErrors(err))) {
      const field = options.fieldOf(path);
      if (field) form.setError(field as Path<TForm>, { message });
    }
    toast({ variant: 'destructive', title, description: errorMessage(err) });
  };
  /** Stored: the editor closes, or stays on the stored item (its version, its values, no longer dirty). */
  const stored = (item: unknown, stay: boolean) => {
    draft.clear();
    if (!stay || !item || typeof item !== 'object') return options.onClose();
    const fresh = item as TRow;
    setRow(fresh);
    state.saved(versionOf(fresh));
    form.reset(options.toForm(fresh));
    options.onReset?.();
  };
  const writes = useDraftWrites(url);
  // A live item (or one with a pending draft) can keep its changes back as a draft (issue 41).
  const asDraft = savesAsDraft(row);
  /**
   * Saves the form as the item's draft (`publishAt`: to go live then), and with `publish` makes it
   * live; says so only once the server has stored it, and closes. A refusal keeps the form as it is.
   */
  const toDraft = (values: TValues, how: { publishAt?: string; publish?: boolean; stay?: boolean } = {}) => {
    if (options.refuse?.() || !row) return;
    state.start();
    void writes
      .run(async () => {
        let kept: unknown = await writes.save(row.id, values, state.etag, how.publishAt ?? null);
        state.saved(versionOf(kept as object));
        if (how.publish) kept = await writes.publish(row.id, versionOf(kept as object));
        return kept;
      })
      .then(
        (item) => {
          const named = `"${name(item, values)}"`;
          toast(
            how.publish
              ? { title: 'Changes published', description: `${named} is live with your changes.` }
              : how.publishAt
                ? {
                    title: 'Changes scheduled',
                    description: `${named} goes live with your changes ${formatDateTime(how.publishAt)}. Until then visitors see the published version.`,
                  }
                : {
                    title: 'Draft saved',
                    description: `${named} was saved as a draft. Visitors still see the published version.`,
                  },
          );
          stored(item, Boolean(how.stay && how.publish));
        },
        (err: unknown) => refused(err, values, how.publish ? 'Changes not published' : options.notSavedTitle),
      );
  };
  /** A banner action on the stored draft: published or discarded, then the editor closes. */
  const onDraft = (action: 'publish' | 'discard') => {
    if (!row) return;
    state.start();
    void writes
      .run(() =>
        action === 'publish' ? writes.publish(row.id, state.etag) : writes.discard(row.id, state.etag),
      )
      .then(
        (stored) => {
          draft.clear();
          const item = `"${name(stored ?? row, form.getValues() as unknown as TValues)}"`;
          toast(
            action === 'publish'
              ? { title: 'Changes published', description: `${item} is live with the draft's changes.` }
              : {
                  title: 'Draft discarded',
                  description: `The published version of ${item} stays as it is.`,
                },
          );
          options.onClose();
        },
        (err: unknown) => {
          state.failed(err, form.getValues());
          toast({
            variant: 'destructive',
            title: action === 'publish' ? 'Changes not published' : 'Draft not discarded',
            description: errorMessage(err),
          });
        },
      );
  };
  const drafts: DraftActions | undefined = asDraft
    ? {
        draft: draftOf(row),
        pending: writes.pending,
        saveDraft: () => void form.handleSubmit((v) => toDraft(v))(),
        schedule: (publishAt) => void form.handleSubmit((v) => toDraft(v, { publishAt }))(),
        // Unsaved changes in the form go with it: what is published is what the editor shows.
        publishNow: () =>
          dirty ? void form.handleSubmit((v) => toDraft(v, { publish: true }))() : onDraft('publish'),
        discard: () => onDraft('discard'),
      }
    : undefined;

  // The Save button of a live item publishes, as it always did (the spec's Save Page and friends);
  // with a pending draft it publishes that draft with the form's values. Save draft keeps them back.
  // `stay`: Ctrl+S, the editor stays open on what was stored.
  const submit = (stay: boolean) => (values: TValues) => {
    if (asDraft && draftOf(row)) return toDraft(values, { publish: true, stay });
    if (options.refuse?.()) return;
    state.start();
    save.mutate(
      { id: row?.id, values, etag: state.etag },
      {
        onSuccess: (item) => {
          const name = (item as Record<string, unknown> | null)?.[options.nameField];
          // Saved, with a warning where the API named internal links of its body that lead to no page.
          const deadLinks = (item as { deadLinks?: unknown } | null)?.deadLinks;
          const warning =
            Array.isArray(deadLinks) && deadLinks.length
              ? ` These links lead to no page visitors can see: ${deadLinks.map(String).join(', ')}`
              : '';
          toast({
            title: options.savedTitle,
            description: `"${String(name ?? (values as Record<string, unknown>)[options.nameField])}" was saved.${warning}`,
          });
          stored(item, stay);
        },
        onError: (err) => refused(err, values),
      },
    );
  };
  return {
    id,
    state,
    draft,
    pending: save.isPending || writes.pending,
    drafts,
    dirty: dirty || state.copy !== null,
    onClose: options.onClose,
    onSubmit: form.handleSubmit(submit(false), () => void options.refuse?.()),
    saveAndStay: () => {
      if (save.isPending || writes.pending) return;
      void form.handleSubmit(submit(true), () => void options.refuse?.())();
    },
  };
}

/** An editor's save: what `EditorForm` needs. */
export interface EditorSave<TRow extends { id: number }> {
  id: string;
  state: SaveState<TRow>;
  draft: LocalDraft;
  pending: boolean;
  /** A live item (or one with a pending draft): its changes go through a draft. */
  drafts?: DraftActions | undefined;
  /** Unsaved: changed fields, or a refused save's text still to copy. */
  dirty: boolean;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** Saves as Save does, and keeps the editor open on the stored item (Ctrl+S or ⌘S). */
  saveAndStay: () => void;
}

/**
 * Ctrl+S (⌘S on a Mac) with the focus in the editor's form: save and keep editing, instead of the
 * browser's "Save page as".
 */
function useSaveKey(form: RefObject<HTMLFormElement | null>, saveAndStay: () => void) {
  const latest = useRef(saveAndStay);
  useEffect(() => {
    latest.current = saveAndStay;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const combo = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      if (!combo || event.key.toLowerCase() !== 's') return;
      if (!(event.target instanceof Node) || !form.current?.contains(event.target)) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [form]);
}

/** The editor's Save: it closes the editor; Ctrl+S (its shortcut, told on hover) saves and stays. */
function SaveButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <Button
      type="submit"
      disabled={pending}
      aria-keyshortcuts="Control+S Meta+S"
      title="Ctrl+S (⌘S) saves and keeps this open"
    >
      {pending ? 'Saving...' : label}
    </Button>
  );
}

/**
 * The action row of an editor: History, Preview (where the type has a page), Cancel and Save; for a
 * live item (`drafts`) Save draft and Schedule changes beside its Save (which publishes).
 */
function EditorFooter<TRow extends { id: number }>({
  state,
  pending,
  saveLabel,
  drafts,
  onCancel,
  onPreview,
  className,
}: {
  state: SaveState<TRow>;
  pending: boolean;
  saveLabel: string;
  drafts?: DraftActions | undefined;
  onCancel: () => void;
  onPreview?: (() => void) | undefined;
  className?: string | undefined;
}) {
  const common = (
    <>
      <RevisionHistory state={state} />
      {onPreview ? (
        <Button variant="outline" onClick={onPreview}>
          Preview page
        </Button>
      ) : null}
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </>
  );
  if (!drafts) {
    return (
      <div className={cn(DIALOG_ACTIONS, className)} data-testid="dialog-actions">
        {common}
        <SaveButton pending={pending} label={saveLabel} />
      </div>
    );
  }
  // A live item: Save draft keeps the changes from visitors; Save or a schedule sends them live.
  return (
    <div
      className={cn(
        'flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-4 [&_button]:whitespace-nowrap',
        className,
      )}
      data-testid="dialog-actions"
    >
      <ScheduleChanges
        initial={toDateTimeLocal(drafts.draft?.publishAt)}
        busy={pending}
        onSchedule={drafts.schedule}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {common}
        <Button type="button" variant="outline" disabled={pending} onClick={drafts.saveDraft}>
          Save draft
        </Button>
        <SaveButton pending={pending} label={saveLabel} />
      </div>
    </div>
  );
}

/**
 * An editor dialog around a form: asks before unsaved changes are lost, says who else has the item
 * open, offers a kept draft back, shows a refused save, then the fields and the footer.
 */
export function EditorForm<TRow extends { id: number }>({
  editor,
  title,
  saveLabel,
  className,
  formClassName,
  footerClassName,
  dirty = false,
  onPreview,
  draftKind,
  children,
}: {
  editor: EditorSave<TRow>;
  title: string;
  saveLabel: string;
  className?: string;
  formClassName?: string;
  footerClassName?: string;
  /** Unsaved state the form does not hold (text that is not valid JSON yet). */
  dirty?: boolean;
  onPreview?: () => void;
  /** What the banner of a pending draft calls the item: 'This page has unpublished changes'. */
  draftKind?: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useSaveKey(formRef, editor.saveAndStay);
  return (
    <EditorDialog
      title={title}
      className={className}
      dirty={editor.dirty || dirty}
      onClose={editor.onClose}
      onDiscarded={editor.draft.clear}
    >
      {(requestClose) => (
        <form
          ref={formRef}
          onSubmit={editor.onSubmit}
          noValidate
          className={formClassName}
          aria-label={title}
        >
          <EditingNotice itemUrl={editor.state.itemUrl} />
          {editor.drafts?.draft ? (
            <DraftBanner
              draft={editor.drafts.draft}
              kind={draftKind ?? 'item'}
              busy={editor.pending}
              onPreview={onPreview}
              onPublish={editor.drafts.publishNow}
              onDiscard={editor.drafts.discard}
            />
          ) : null}
          <DraftOffer draft={editor.draft} />
          <SaveProblem state={editor.state} id={editor.id} />
          {children}
          <EditorFooter
            state={editor.state}
            pending={editor.pending}
            saveLabel={saveLabel}
            drafts={editor.drafts}
            onCancel={requestClose}
            onPreview={onPreview}
            className={footerClassName}
          />
        </form>
      )}
    </EditorDialog>
  );
}
