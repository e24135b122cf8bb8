import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BlogBodyFormat } from '@agency/contracts';
import { blogBodyHtml } from '@agency/ui/rich-text';
import { Button, Input, Select, Textarea } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, fieldErrors, useSaveEntity } from '../shared/admin-api';
import { Field, Switch, describedBy, slugify } from '../shared/form-controls';
import { EditorDialog, SaveProblem, useSaveState } from '../shared/editor-dialog';
import { RevisionHistory } from '../history/revision-history';
import { openPreview, previewTypeOf } from '../shared/content-preview';
import { formSchema, toFormValues, type EntityConfig, type FieldDef, type Row } from './entity-configs';
import { ListField } from './list-field';
import { MarkdownEditor } from '../editor/markdown-editor';
import { UploadInput } from '../media/upload-input';

type Values = Record<string, unknown>;

/** First message for a field, including nested ones (e.g. "results.0.metric"). */
function messageOf(errors: FieldErrors<Values>, name: string): string | undefined {
  const e = errors[name] as unknown;
  const find = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const m = (node as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object' && child !== node && !('nodeType' in child)) {
        const found = find(child);
        if (found) return found;
      }
    }
    return undefined;
  };
  return find(e);
}

export function EntityDialog({
  config,
  row,
  onClose,
}: {
  config: EntityConfig;
  row: Row | null;
  onClose: () => void;
}) {
  const id = useId();
  const schema = useMemo(() => formSchema(config), [config]);
  const save = useSaveEntity<Values>(config.url);
  const [slugTouched, setSlugTouched] = useState(Boolean(row));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, Values>({
    resolver: zodResolver(schema as never),
    defaultValues: row ? toFormValues(config, row) : config.empty,
  });
  const saveState = useSaveState<Row>(config.url, row, (fresh) => reset(toFormValues(config, fresh)));
  const formatField = config.fields.find((f) => f.formatField)?.formatField;
  // Only forms with a markdown field have a format; others watch a name they do not have.
  const bodyFormat = useWatch({ control, name: formatField ?? '_none' }) as BlogBodyFormat | undefined;

  const previewType = previewTypeOf(config.url);
  // The form's current values, checked as a save checks them, on the public page in a new tab.
  const onPreview = handleSubmit((values) => previewType && openPreview(previewType, values, row?.id));
  const onSubmit = handleSubmit((values) => {
    saveState.start();
    save.mutate(
      { id: row?.id, values, etag: saveState.etag },
      {
        onSuccess: (stored) => {
          const first = config.fields[0]!.name;
          toast({
            title: `${config.singular} saved`,
            description: `"${String((stored as Values | null)?.[first] ?? values[first])}" was saved.`,
          });
          onClose();
        },
        onError: (err) => {
          saveState.failed(err, values);
          for (const [name, message] of Object.entries(fieldErrors(err))) {
            const top = name.split('.')[0]!;
            if (config.fields.some((f) => f.name === top)) setError(top, { message });
          }
          toast({
            variant: 'destructive',
            title: `${config.singular} not saved`,
            description: errorMessage(err),
          });
        },
      },
    );
  });

  const renderField = (field: FieldDef) => {
    const fid = `${id}-${field.name}`;
    const error = messageOf(errors, field.name);
    const aria = describedBy(fid, error, Boolean(field.hint));
    if (field.kind === 'switch') {
      return (
        <Controller
          key={field.name}
          control={control}
          name={field.name}
          render={({ field: f }) => (
            <Switch
              id={fid}
              label={field.label}
              checked={Boolean(f.value)}
              onChange={f.onChange}
              onText={field.states?.[0]}
              offText={field.states?.[1]}
            />
          )}
        />
      );
    }
    if (field.kind === 'list') {
      return (
        <ListField
          key={field.name}
          id={fid}
          field={field}
          control={control}
          register={register}
          errors={errors}
        />
      );
    }
    let control_;
    if (field.kind === 'markdown') {
      control_ = (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f }) => (
            <MarkdownEditor
              id={fid}
              value={String(f.value ?? '')}
              onChange={f.onChange}
              error={error}
              // The preview renders the text exactly as the public page will, in the chosen format.
              renderHtml={(text) => blogBodyHtml(text, bodyFormat)}
            />
          )}
        />
      );
      return (
        <div key={field.name} className="sm:col-span-2">
          <label htmlFor={fid} className="mb-1.5 block text-sm font-medium text-ink-900">
            {field.label}
          </label>
          {control_}
        </div>
      );
    } else if (field.kind === 'textarea' || field.kind === 'lines' || field.kind === 'results') {
      control_ = (
        <Textarea
          rows={field.rows ?? (field.kind === 'textarea' ? 4 : 3)}
          {...aria}
          {...register(field.name)}
          invalid={Boolean(error)}
        />
      );
    } else if (field.kind === 'select') {
      control_ = (
        <Select {...aria} {...register(field.name)} invalid={Boolean(error)}>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      );
    } else if (field.kind === 'datetime') {
      control_ = (
        <Input type="datetime-local" step={1} {...aria} {...register(field.name)} invalid={Boolean(error)} />
      );
    } else if (field.kind === 'number') {
      control_ = (
        <Input
          type="number"
          inputMode="numeric"
          {...aria}
          {...register(field.name, { valueAsNumber: true })}
          invalid={Boolean(error)}
        />
      );
    } else if (field.kind === 'image-url' || field.kind === 'file-url') {
      control_ = (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f }) => (
            <UploadInput
              id={fid}
              kind={field.kind as 'image-url'}
              value={String(f.value ?? '')}
              onChange={f.onChange}
              invalid={Boolean(error)}
              aria={aria}
            />
          )}
        />
      );
    } else {
      const reg = register(
        field.name,
        field.name === 'slug' ? { onChange: () => setSlugTouched(true) } : undefined,
      );
      control_ = (
        <Input
          {...aria}
          {...reg}
          onChange={(e) => {
            void reg.onChange(e);
            if (config.slugFrom === field.name && !slugTouched) setValue('slug', slugify(e.target.value));
          }}
          invalid={Boolean(error)}
        />
      );
    }
    return (
      <Field
        key={field.name}
        label={field.label}
        htmlFor={fid}
        error={error}
        hint={field.hint}
        className={field.wide ? 'sm:col-span-2' : undefined}
      >
        {control_}
      </Field>
    );
  };

  const title = `${row ? 'Edit' : 'New'} ${config.singular}`;
  return (
    <EditorDialog
      title={title}
      className="max-w-2xl"
      dirty={isDirty || saveState.copy !== null}
      onClose={onClose}
    >
      {(requestClose) => (
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <SaveProblem state={saveState} id={id} />
          <div className="grid gap-4 sm:grid-cols-2">
            {config.fields.filter((f) => f.kind !== 'switch').map(renderField)}
          </div>
          <div className="mt-4 flex flex-wrap gap-6">
            {config.fields.filter((f) => f.kind === 'switch').map(renderField)}
          </div>
          <div className="mt-6 flex justify-end gap-2 border-t border-slate-200 pt-4">
            <RevisionHistory state={saveState} />
            {previewType ? (
              <Button variant="outline" onClick={() => void onPreview()}>
                Preview page
              </Button>
            ) : null}
            <Button variant="outline" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : `Save ${config.singular}`}
            </Button>
          </div>
        </form>
      )}
    </EditorDialog>
  );
}
