import { useId, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, fieldErrors, useSaveEntity } from './admin-api';
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
 * The save flow every CMS editor shares: If-Match with the version it opened, the local draft,
 * a 412's reload-and-copy path, the server's field messages beside their fields, the toasts, and
 * closing once stored. Give the answer to `EditorForm`.
 */
export function useEditorSave<TForm extends FieldValues, TValues, TRow extends { id: number }>(
  options: EditorSaveOptions<TForm, TValues, TRow>,
): EditorSave<TRow> {
  const { url, row, form } = options;
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

  const submit = (values: TValues) => {
    if (options.refuse?.()) return;
    state.start();
    save.mutate(
      { id: row?.id, values, etag: state.etag },
      {
        onSuccess: (stored) => {
          draft.clear();
          const name = (stored as Record<string, unknown> | null)?.[options.nameField];
          // Saved, with a warning where the API named internal links of its body that lead to no page.
          const deadLinks = (stored as { deadLinks?: unknown } | null)?.deadLinks;
          const warning =
            Array.isArray(deadLinks) && deadLinks.length
              ? ` These links lead to no page visitors can see: ${deadLinks.map(String).join(', ')}`
              : '';
          toast({
            title: options.savedTitle,
            description: `"${String(name ?? (values as Record<string, unknown>)[options.nameField])}" was saved.${warning}`,
          });
          options.onClose();
        },
        onError: (err) => {
          state.failed(err, values as object);
          for (const [path, message] of Object.entries(fieldErrors(err))) {
            const field = options.fieldOf(path);
            if (field) form.setError(field as Path<TForm>, { message });
          }
          toast({ variant: 'destructive', title: options.notSavedTitle, description: errorMessage(err) });
        },
      },
    );
  };
  return {
    id,
    state,
    draft,
    pending: save.isPending,
    dirty: dirty || state.copy !== null,
    onClose: options.onClose,
    onSubmit: form.handleSubmit(submit, () => void options.refuse?.()),
  };
}

/** An editor's save: what `EditorForm` needs. */
export interface EditorSave<TRow extends { id: number }> {
  id: string;
  state: SaveState<TRow>;
  draft: LocalDraft;
  pending: boolean;
  /** Unsaved: changed fields, or a refused save's text still to copy. */
  dirty: boolean;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
}

/** The action row of an editor: History, Preview (where the type has a page), Cancel and Save. */
function EditorFooter<TRow extends { id: number }>({
  state,
  pending,
  saveLabel,
  onCancel,
  onPreview,
  className,
}: {
  state: SaveState<TRow>;
  pending: boolean;
  saveLabel: string;
  onCancel: () => void;
  onPreview?: (() => void) | undefined;
  className?: string | undefined;
}) {
  return (
    <div className={cn(DIALOG_ACTIONS, className)} data-testid="dialog-actions">
      <RevisionHistory state={state} />
      {onPreview ? (
        <Button variant="outline" onClick={onPreview}>
          Preview page
        </Button>
      ) : null}
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : saveLabel}
      </Button>
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
  children: ReactNode;
}) {
  return (
    <EditorDialog
      title={title}
      className={className}
      dirty={editor.dirty || dirty}
      onClose={editor.onClose}
      onDiscarded={editor.draft.clear}
    >
      {(requestClose) => (
        <form onSubmit={editor.onSubmit} noValidate className={formClassName} aria-label={title}>
          <EditingNotice itemUrl={editor.state.itemUrl} />
          <DraftOffer draft={editor.draft} />
          <SaveProblem state={editor.state} id={editor.id} />
          {children}
          <EditorFooter
            state={editor.state}
            pending={editor.pending}
            saveLabel={saveLabel}
            onCancel={requestClose}
            onPreview={onPreview}
            className={footerClassName}
          />
        </form>
      )}
    </EditorDialog>
  );
}
