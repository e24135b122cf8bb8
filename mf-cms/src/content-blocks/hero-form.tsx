import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { HERO_LIMITS } from '@agency/contracts';
import { Input, Textarea } from '@agency/ui';
import { CharacterCount } from '../pages/search-preview';
import { Field, describedBy } from '../shared/form-controls';
import type { FieldDef } from '../entities/entity-configs';
import { ListField, messageAt } from '../entities/list-field';

type Values = Record<string, unknown>;
type Text = Record<string, string>;

const CTAS = [
  { key: 'primaryCTA', label: 'Primary button' },
  { key: 'secondaryCTA', label: 'Secondary button' },
] as const;

const METRICS: FieldDef = {
  name: 'content.metrics',
  label: 'Metrics',
  kind: 'list',
  itemLabel: 'Metric',
  hint: 'The home page shows the first three, in this order; with none it shows its default metrics.',
  item: [
    { name: 'value', label: 'Metric value', kind: 'text' },
    { name: 'label', label: 'Metric label', kind: 'text' },
    { name: 'width', label: 'Bar width', kind: 'text' },
  ],
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown): Values => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : {});

/** Stored hero content as form values: every input has a string. */
export function heroToForm(content: Values): Values {
  const cta = (v: unknown): Values => ({
    ...record(v),
    text: str(record(v).text),
    href: str(record(v).href),
  });
  return {
    ...content,
    title: str(content.title),
    subtitle: str(content.subtitle),
    metrics: (Array.isArray(content.metrics) ? content.metrics : []).map((m) => ({
      ...record(m),
      value: str(record(m).value),
      label: str(record(m).label),
      width: str(record(m).width),
    })),
    primaryCTA: cta(content.primaryCTA),
    secondaryCTA: cta(content.secondaryCTA),
  };
}

/**
 * Form values as hero content: blank texts, an empty metric list and a button with neither text nor
 * link are left out (the home page then shows its default for them). Only the hero's own fields are
 * sent: a key the hero does not have (left in stored content by an older editor) would be refused.
 * What is left is checked by the shared hero schema, through the content block contract.
 */
export function heroFromForm(form: Values): Values {
  const out: Values = {};
  for (const key of ['title', 'subtitle']) {
    const v = str(form[key]).trim();
    if (v) out[key] = v;
  }
  const metrics = Array.isArray(form.metrics) ? (form.metrics as Text[]) : [];
  if (metrics.length) {
    out.metrics = metrics.map((m) => ({
      value: str(m.value).trim(),
      label: str(m.label).trim(),
      width: str(m.width).trim(),
    }));
  }
  for (const { key } of CTAS) {
    const cta = record(form[key]);
    const text = str(cta.text).trim();
    const href = str(cta.href).trim();
    if (text || href) out[key] = { text, href };
  }
  return out;
}

/** The 'homepage-hero' content as a form: title, subtitle, metrics and both buttons. */
export function HeroFields({
  id,
  control,
  register,
  errors,
}: {
  id: string;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const [title, subtitle] = useWatch({ control, name: ['content.title', 'content.subtitle'] }) as unknown[];
  const text = (path: string[], label: string, multiline = false, hint?: string, limit?: number) => {
    const fid = `${id}-${path.join('-')}`;
    const error = messageAt(errors, 'content', ...path);
    const aria = describedBy(fid, error, Boolean(hint));
    const name = ['content', ...path].join('.');
    const value = path.length === 1 ? (path[0] === 'title' ? title : subtitle) : '';
    const counted = limit
      ? { 'aria-describedby': [aria['aria-describedby'], `${fid}-count`].filter(Boolean).join(' ') }
      : {};
    return (
      <Field label={label} htmlFor={fid} error={error} hint={hint}>
        {multiline ? (
          <Textarea rows={3} {...aria} {...counted} {...register(name)} invalid={Boolean(error)} />
        ) : (
          <Input {...aria} {...counted} {...register(name)} invalid={Boolean(error)} />
        )}
        {limit ? (
          <CharacterCount
            id={`${fid}-count`}
            length={typeof value === 'string' ? value.trim().length : 0}
            limit={limit}
            over="the save is refused"
          />
        ) : null}
      </Field>
    );
  };
  return (
    <div className="space-y-4">
      {text(
        ['title'],
        'Title',
        false,
        'Required. Text after the first comma is highlighted.',
        HERO_LIMITS.title,
      )}
      {text(['subtitle'], 'Subtitle', true, undefined, HERO_LIMITS.subtitle)}
      <ListField id={`${id}-metrics`} field={METRICS} control={control} register={register} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        {CTAS.map(({ key, label }) => (
          <fieldset key={key} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-ink-900">{label}</legend>
            {text([key, 'text'], `${label} text`)}
            {text(
              [key, 'href'],
              `${label} link`,
              false,
              'A page of this site such as /contact, or an https:// link.',
            )}
          </fieldset>
        ))}
      </div>
    </div>
  );
}
