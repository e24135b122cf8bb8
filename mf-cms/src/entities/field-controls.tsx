import type { ReactNode } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { BlogBodyFormat } from '@agency/contracts';
import { blogBodyHtml } from '@agency/ui/rich-text';
import { Input, Select, Textarea } from '@agency/ui';
import { Field, describedBy, slugify } from '../shared/form-controls';
import { FormSwitch } from '../shared/publishing';
import { MarkdownEditor } from '../editor/markdown-editor';
import { UploadInput } from '../media/upload-input';
import { ListField } from './list-field';
import type { FieldDef, FieldKind } from './entity-configs';

type Values = Record<string, unknown>;

/** What the whole form knows that some controls need. */
export interface FormContext {
  form: UseFormReturn<Values, unknown, Values>;
  /** The body's format ('markdown' or 'html'), for the markdown editor and its format field. */
  bodyFormat: BlogBodyFormat | undefined;
  formatField: string | undefined;
  /** The form's publish date, for types that have one: a published item dated later is Scheduled. */
  publishedAt: unknown;
  /** The field whose text suggests the slug while the slug is untouched. */
  slugFrom: string | undefined;
  slugTouched: boolean;
  touchSlug: () => void;
}

/** One field's control, with its id, message and ARIA wiring. */
interface ControlProps extends FormContext {
  field: FieldDef;
  id: string;
  error: string | undefined;
  aria: ReturnType<typeof describedBy>;
}

/** A control placed in the labelled `Field` (with its hint and message), or placed as it is. */
type FieldControl = {
  render: (props: ControlProps) => ReactNode;
  labelled: boolean;
  /** Always the form's full width (a URL with its library and upload buttons beside it). */
  wide?: true;
};

const textarea: FieldControl = {
  labelled: true,
  render: ({ field, aria, error, form }) => (
    <Textarea
      rows={field.rows ?? (field.kind === 'textarea' ? 4 : 3)}
      {...aria}
      {...form.register(field.name)}
      invalid={Boolean(error)}
    />
  ),
};

const upload: FieldControl = {
  labelled: true,
  wide: true,
  render: ({ field, id, aria, error, form }) => (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: f }) => (
        <UploadInput
          id={id}
          kind={field.kind === 'file-url' ? 'file-url' : 'image-url'}
          value={String(f.value ?? '')}
          onChange={f.onChange}
          invalid={Boolean(error)}
          aria={aria}
        />
      )}
    />
  ),
};

/** Each field kind and the control that edits it. */
const FIELD_CONTROLS: Record<FieldKind, FieldControl> = {
  text: {
    labelled: true,
    render: ({ field, aria, error, form, slugFrom, slugTouched, touchSlug }) => {
      const reg = form.register(field.name, field.name === 'slug' ? { onChange: touchSlug } : undefined);
      return (
        <Input
          {...aria}
          {...reg}
          onChange={(e) => {
            void reg.onChange(e);
            if (slugFrom === field.name && !slugTouched) form.setValue('slug', slugify(e.target.value));
          }}
          invalid={Boolean(error)}
        />
      );
    },
  },
  textarea,
  lines: textarea,
  results: textarea,
  number: {
    labelled: true,
    render: ({ field, aria, error, form }) => (
      <Input
        type="number"
        inputMode="numeric"
        {...aria}
        {...form.register(field.name, { valueAsNumber: true })}
        invalid={Boolean(error)}
      />
    ),
  },
  select: {
    labelled: true,
    render: ({ field, id, aria, error, form, formatField, bodyFormat }) =>
      field.name === formatField ? (
        // The body's format is not a choice: switching it would show markdown marks in an HTML body
        // (or the reverse). New posts are markdown; a body written as HTML keeps an HTML editor.
        <>
          <input type="hidden" {...form.register(field.name)} />
          <p id={id} className="py-2 text-sm text-ink-900">
            {bodyFormat === 'html' ? 'HTML (written through the API)' : 'Markdown'}
          </p>
        </>
      ) : (
        <Select {...aria} {...form.register(field.name)} invalid={Boolean(error)}>
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      ),
  },
  datetime: {
    labelled: true,
    render: ({ field, aria, error, form }) => (
      <Input
        type="datetime-local"
        step={1}
        {...aria}
        {...form.register(field.name)}
        invalid={Boolean(error)}
      />
    ),
  },
  'image-url': upload,
  'file-url': upload,
  markdown: {
    labelled: false,
    render: ({ field, id, error, form, bodyFormat }) => (
      <div className="sm:col-span-2">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-900">
          {field.label}
        </label>
        <Controller
          control={form.control}
          name={field.name}
          render={({ field: f }) => (
            <MarkdownEditor
              id={id}
              value={String(f.value ?? '')}
              onChange={f.onChange}
              error={error}
              // The preview renders the text exactly as the public page will, in the chosen format.
              renderHtml={(text) => blogBodyHtml(text, bodyFormat)}
              format={bodyFormat === 'html' ? 'html' : 'markdown'}
            />
          )}
        />
      </div>
    ),
  },
  switch: {
    labelled: false,
    render: ({ field, id, form, publishedAt }) => (
      <FormSwitch
        control={form.control}
        name={field.name}
        id={id}
        label={field.label}
        onText={field.states?.[0]}
        offText={field.states?.[1]}
        publishedAt={field.name === 'published' ? publishedAt : undefined}
      />
    ),
  },
  list: {
    labelled: false,
    render: ({ field, id, form }) => (
      <ListField
        id={id}
        field={field}
        control={form.control}
        register={form.register}
        errors={form.formState.errors}
      />
    ),
  },
};

/** First message for a field, including nested ones (e.g. "results.0.metric"). */
function messageOf(errors: FieldErrors<Values>, name: string): string | undefined {
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
  return find(errors[name]);
}

/** One field of an entity form: its kind's control, in a labelled `Field` where the kind wants one. */
export function EntityField({
  field,
  formId,
  ...context
}: FormContext & { field: FieldDef; formId: string }) {
  const id = `${formId}-${field.name}`;
  const error = messageOf(context.form.formState.errors, field.name);
  const aria = describedBy(id, error, Boolean(field.hint));
  const control = FIELD_CONTROLS[field.kind];
  const element = control.render({ ...context, field, id, error, aria });
  if (!control.labelled) return element;
  return (
    <Field
      label={field.label}
      htmlFor={id}
      error={error}
      hint={field.hint}
      className={field.wide || control.wide ? 'sm:col-span-2' : undefined}
    >
      {element}
    </Field>
  );
}
