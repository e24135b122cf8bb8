import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PREVIEW_KINDS, type BlogBodyFormat, type PreviewType } from '@agency/contracts';
import { EditorForm, useEditorSave } from '../shared/editor-kit';
import { openPreview } from '../shared/content-preview';
import { formSchema, toFormValues, type EntityConfig, type Row } from './entity-configs';
import { EntityField } from './field-controls';

type Values = Record<string, unknown>;

export function EntityDialog({
  config,
  row,
  onClose,
  newDefaults,
}: {
  config: EntityConfig;
  row: Row | null;
  onClose: () => void;
  /** Values a new item starts with beyond the config's empty ones (its place at the end of the list). */
  newDefaults?: Record<string, unknown>;
}) {
  const schema = useMemo(() => formSchema(config), [config]);
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema as never),
    defaultValues: row ? toFormValues(config, row) : { ...config.empty, ...newDefaults },
  });
  // Read here so that a new message re-renders the fields.
  void form.formState.errors;
  const editor = useEditorSave({
    url: config.url,
    row,
    form,
    toForm: (fresh) => toFormValues(config, fresh),
    onClose,
    savedTitle: `${config.singular} saved`,
    notSavedTitle: `${config.singular} not saved`,
    nameField: config.fields[0]!.name,
    fieldOf: (path) => {
      const top = path.split('.')[0]!;
      return config.fields.some((f) => f.name === top) ? top : null;
    },
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(row));
  const formatField = config.fields.find((f) => f.formatField)?.formatField;
  // Only forms with a markdown field have a format; others watch a name they do not have.
  const bodyFormat = useWatch({ control: form.control, name: formatField ?? '_none' }) as
    BlogBodyFormat | undefined;
  // A published item dated later is Scheduled: its switch says when it goes live, not "visible".
  const publishedAt: unknown = useWatch({
    control: form.control,
    name: config.scheduled ? 'publishedAt' : '_none',
  });
  const context = {
    form,
    formId: editor.id,
    bodyFormat,
    formatField,
    publishedAt,
    slugFrom: config.slugFrom,
    slugTouched,
    touchSlug: () => setSlugTouched(true),
  };

  // The registry's previewable types (PREVIEW_KINDS); undefined: this type has no public page.
  const previewType = config.type in PREVIEW_KINDS ? (config.type as PreviewType) : undefined;
  // The form's current values, checked as a save checks them, on the public page in a new tab.
  const onPreview = form.handleSubmit((values) => previewType && openPreview(previewType, values, row?.id));
  return (
    <EditorForm
      editor={editor}
      title={`${row ? 'Edit' : 'New'} ${config.singular}`}
      saveLabel={`Save ${config.singular}`}
      className="max-w-2xl"
      footerClassName="mt-6"
      onPreview={previewType ? () => void onPreview() : undefined}
      draftKind={config.singular.toLowerCase()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {config.fields
          .filter((f) => f.kind !== 'switch')
          .map((field) => (
            <EntityField key={field.name} field={field} {...context} />
          ))}
      </div>
      <div className="mt-4 flex flex-wrap gap-6">
        {config.fields
          .filter((f) => f.kind === 'switch')
          .map((field) => (
            <EntityField key={field.name} field={field} {...context} />
          ))}
      </div>
    </EditorForm>
  );
}
