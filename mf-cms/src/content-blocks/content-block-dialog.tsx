import { useEffect, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminRoutes,
  BUILT_IN_BLOCKS,
  contentBlockInputSchema,
  type AdminContentBlock,
  type ContentBlockInput,
  type ContentBlockValues,
} from '@agency/contracts';
import { Input } from '@agency/ui';
import { Field, describedBy } from '../shared/form-controls';
import { JsonTextarea } from '../editor/json-textarea';
import { EditorForm, useEditorSave } from '../shared/editor-kit';
import { FormSwitch } from '../shared/publishing';
import { HeroFields, heroFromForm, heroToForm } from './hero-form';

/** Blocks of type 'hero' (the default type) are edited as a form; others as JSON. */
const isHero = (type: unknown) => ['', 'hero'].includes(typeof type === 'string' ? type.trim() : '');

/** The contract, after the hero form's values are turned into hero content. */
const blockFormSchema = z.preprocess((value) => {
  const block = value as ContentBlockInput;
  return isHero(block.type) ? { ...block, content: heroFromForm(block.content ?? {}) } : block;
}, contentBlockInputSchema);

const toForm = (block: AdminContentBlock): ContentBlockInput => ({
  name: block.name,
  identifier: block.identifier,
  type: block.type,
  content: isHero(block.type) ? heroToForm(block.content) : block.content,
  published: block.published,
});

const EMPTY: ContentBlockInput = {
  name: '',
  identifier: '',
  type: 'hero',
  content: heroToForm({}),
  // Spec (entities): a content block is published unless it says otherwise (the API's default too).
  published: true,
};

export function ContentBlockDialog({
  block,
  onClose,
}: {
  block: AdminContentBlock | null;
  onClose: () => void;
}) {
  // The site reads a built-in block by its identifier: it keeps that and its type (the API refuses too).
  const builtIn = block !== null && block.identifier in BUILT_IN_BLOCKS;
  const [jsonError, setJsonError] = useState<string | null>(null);
  const form = useForm<ContentBlockInput, unknown, ContentBlockValues>({
    resolver: zodResolver(blockFormSchema as unknown as typeof contentBlockInputSchema),
    defaultValues: block ? toForm(block) : EMPTY,
  });
  const {
    register,
    control,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  /** Bumped when the form is reset from elsewhere, so the JSON editor starts again from the form. */
  const [restored, setRestored] = useState(0);
  const hero = isHero(useWatch({ control, name: 'type' }));
  const refuseInvalidJson = () => {
    if (hero || !jsonError) return false;
    setError('content', { message: jsonError });
    document.getElementById(f('content'))?.focus();
    return true;
  };
  const editor = useEditorSave({
    url: AdminRoutes.contentBlocks,
    row: block,
    form,
    toForm,
    onClose,
    savedTitle: 'Content block saved',
    notSavedTitle: 'Content block not saved',
    nameField: 'name',
    // The hero form shows each of its inputs' messages; JSON text has one.
    fieldOf: (path) => {
      const top = path.split('.')[0]!;
      if (top === 'content' && hero) return path;
      return top in EMPTY ? top : null;
    },
    onReset: () => {
      setJsonError(null);
      setRestored((n) => n + 1);
    },
    refuse: refuseInvalidJson,
  });
  const f = (name: string) => `${editor.id}-${name}`;

  // Changing the type between hero and another one carries the content over to the other editor.
  const wasHero = useRef(hero);
  useEffect(() => {
    if (wasHero.current === hero) return;
    wasHero.current = hero;
    const content = getValues('content') ?? {};
    setValue('content', hero ? heroToForm(content) : heroFromForm(content), { shouldDirty: true });
    setJsonError(null);
  }, [hero, getValues, setValue]);

  return (
    <EditorForm
      editor={editor}
      title={block ? 'Edit Content Block' : 'New Content Block'}
      saveLabel="Save Block"
      className="max-w-2xl"
      formClassName="space-y-4"
      dirty={!hero && jsonError !== null}
      draftKind="content block"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Name" htmlFor={f('name')} error={errors.name?.message}>
          <Input
            {...describedBy(f('name'), errors.name?.message)}
            {...register('name')}
            invalid={Boolean(errors.name)}
          />
        </Field>
        <Field
          label="Identifier"
          htmlFor={f('identifier')}
          error={errors.identifier?.message}
          hint={builtIn ? 'Built in: the site reads this block by this name.' : undefined}
        >
          <Input
            {...describedBy(f('identifier'), errors.identifier?.message, builtIn)}
            {...register('identifier')}
            readOnly={builtIn}
            invalid={Boolean(errors.identifier)}
          />
        </Field>
        <Field
          label="Type"
          htmlFor={f('type')}
          error={errors.type?.message}
          hint={builtIn ? 'Built in: always a hero.' : undefined}
        >
          <Input
            {...describedBy(f('type'), errors.type?.message, builtIn)}
            {...register('type')}
            readOnly={builtIn}
            invalid={Boolean(errors.type)}
          />
        </Field>
      </div>
      {hero ? (
        <HeroFields
          id={f('hero')}
          control={control as unknown as Control<Record<string, unknown>>}
          register={register as unknown as UseFormRegister<Record<string, unknown>>}
          errors={errors as FieldErrors<Record<string, unknown>>}
        />
      ) : (
        <Field label="Content (JSON)" htmlFor={f('content')}>
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <JsonTextarea
                key={restored}
                id={f('content')}
                onValidityChange={setJsonError}
                error={errors.content?.message as string | undefined}
                value={(field.value ?? {}) as Record<string, unknown>}
                onChange={field.onChange}
              />
            )}
          />
        </Field>
      )}
      <FormSwitch
        control={control}
        name="published"
        label="Active"
        onText="Shown on the site"
        offText="Inactive: the site uses its defaults"
      />
    </EditorForm>
  );
}
