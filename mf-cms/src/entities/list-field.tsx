import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button, Input, Textarea } from '@agency/ui';
import { Field, describedBy } from '../shared/form-controls';
import { listItemBlank, type FieldDef } from './entity-configs';

type Values = Record<string, unknown>;

/** The message at a path of react-hook-form's nested errors, if any. */
export const messageAt = (node: unknown, ...path: (string | number)[]): string | undefined => {
  let n = node;
  for (const key of path) n = n && typeof n === 'object' ? (n as Record<string, unknown>)[key] : undefined;
  const m = n && typeof n === 'object' ? (n as { message?: unknown }).message : undefined;
  return typeof m === 'string' && m ? m : undefined;
};

/**
 * A list of items (features, benefits, process steps, hero metrics) edited with plain controls: each
 * item has its own labelled inputs, Move up / Move down and Remove; Add appends a blank item and
 * focuses its first input. `field.name` may be a dotted path ('content.metrics').
 */
export function ListField({
  id,
  field,
  control,
  register,
  errors,
}: {
  id: string;
  field: FieldDef;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: field.name as never });
  const at = field.name.split('.');
  const item = field.item ?? [];
  const noun = field.itemLabel ?? 'Item';
  const listError = messageAt(errors, ...at) ?? messageAt(errors, ...at, 'root') ?? undefined;
  return (
    <fieldset className="sm:col-span-2" aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-ink-900">{field.label}</legend>
      {field.hint ? <p className="mb-2 text-xs text-slate-600">{field.hint}</p> : null}
      {fields.length ? (
        <ol className="grid gap-3">
          {fields.map((row, i) => (
            <li key={row.id} className="rounded-lg border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-2">
                {item.map((sub) => {
                  const fid = `${id}-${i}-${sub.name}`;
                  const path = field.scalar ? `${field.name}.${i}.value` : `${field.name}.${i}.${sub.name}`;
                  const error = field.scalar
                    ? (messageAt(errors, ...at, i) ?? messageAt(errors, ...at, i, 'value'))
                    : messageAt(errors, ...at, i, sub.name);
                  const aria = describedBy(fid, error);
                  return (
                    <Field
                      key={sub.name}
                      label={`${sub.label} ${i + 1}`}
                      htmlFor={fid}
                      error={error}
                      className={sub.kind === 'textarea' || item.length === 1 ? 'sm:col-span-2' : undefined}
                    >
                      {sub.kind === 'textarea' ? (
                        <Textarea rows={2} {...aria} {...register(path)} invalid={Boolean(error)} />
                      ) : (
                        <Input {...aria} {...register(path)} invalid={Boolean(error)} />
                      )}
                    </Field>
                  );
                })}
              </div>
              <div className="mt-2 flex flex-wrap justify-end gap-1">
                <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => move(i, i - 1)}>
                  Move {noun.toLowerCase()} {i + 1} up
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  Move {noun.toLowerCase()} {i + 1} down
                </Button>
                <Button variant="ghost" size="sm" onClick={() => remove(i)}>
                  Remove {noun.toLowerCase()} {i + 1}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No {noun.toLowerCase()}s yet.</p>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => append(listItemBlank(field) as never, { shouldFocus: true })}
      >
        Add {noun.toLowerCase()}
      </Button>
      {listError ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
