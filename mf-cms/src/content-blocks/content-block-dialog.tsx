import { useEffect, useId, useRef, useState } from 'react';
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
  contentBlockInputSchema,
  type AdminContentBlock,
  type ContentBlockInput,
  type ContentBlockValues,
} from '@agency/contracts';
import { Button, Input } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, fieldErrors, useSaveEntity } from '../shared/admin-api';
import { Field, Switch, describedBy } from '../shared/form-controls';
import { JsonTextarea } from '../editor/json-textarea';
import { EditorDialog, SaveProblem, useSaveState } from '../shared/editor-dialog';
import { HeroFields, heroFromForm, heroToForm } from './hero-form';
import { RevisionHistory } from '../history/revision-history';

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
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const save = useSaveEntity<ContentBlockValues, AdminContentBlock>(AdminRoutes.contentBlocks);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<ContentBlockInput, unknown, ContentBlockValues>({
    resolver: zodResolver(blockFormSchema as unknown as typeof contentBlockInputSchema),
    defaultValues: block ? toForm(block) : EMPTY,
  });
  const saveState = useSaveState<AdminContentBlock>(AdminRoutes.contentBlocks, block, (fresh) => {
    reset(toForm(fresh));
    setJsonError(null);
  });

  const hero = isHero(useWatch({ control, name: 'type' }));
  // Changing the type between hero and another one carries the content over to the other editor.
  const wasHero = useRef(hero);
  useEffect(() => {
    if (wasHero.current === hero) return;
    wasHero.current = hero;
    const content = getValues('content') ?? {};
    setValue('content', hero ? heroToForm(content) : heroFromForm(content), { shouldDirty: true });
    setJsonError(null);
  }, [hero, getValues, setValue]);

  const refuseInvalidJson = () => {
    if (hero || !jsonError) return false;
    setError('content', { message: jsonError });
    document.getElementById(f('content'))?.focus();
    return true;
  };
  const onSubmit = handleSubmit((values) => {
    if (refuseInvalidJson()) return;
    saveState.start();
    save.mutate(
      { id: block?.id, values, etag: saveState.etag },
      {
        onSuccess: (stored) => {
          toast({ title: 'Content block saved', description: `"${stored?.name ?? values.name}" was saved.` });
          onClose();
        },
        onError: (err) => {
          saveState.failed(err, values);
          for (const [name, message] of Object.entries(fieldErrors(err))) {
            const top = name.split('.')[0]!;
            // The hero form shows each of its inputs' messages; JSON text has one.
            if (top === 'content' && hero) setError(name as 'content', { message });
            else if (top in EMPTY) setError(top as keyof ContentBlockInput, { message });
          }
          toast({ variant: 'destructive', title: 'Content block not saved', description: errorMessage(err) });
        },
      },
    );
  }, refuseInvalidJson);

  return (
    <EditorDialog
      title={block ? 'Edit Content Block' : 'New Content Block'}
      className="max-w-2xl"
      dirty={isDirty || (!hero && jsonError !== null) || saveState.copy !== null}
      onClose={onClose}
    >
      {(requestClose) => (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <SaveProblem state={saveState} id={id} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Name" htmlFor={f('name')} error={errors.name?.message}>
              <Input
                {...describedBy(f('name'), errors.name?.message)}
                {...register('name')}
                invalid={Boolean(errors.name)}
              />
            </Field>
            <Field label="Identifier" htmlFor={f('identifier')} error={errors.identifier?.message}>
              <Input
                {...describedBy(f('identifier'), errors.identifier?.message)}
                {...register('identifier')}
                invalid={Boolean(errors.identifier)}
              />
            </Field>
            <Field label="Type" htmlFor={f('type')} error={errors.type?.message}>
              <Input
                {...describedBy(f('type'), errors.type?.message)}
                {...register('type')}
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
                    key={saveState.generation}
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
          <Controller
            control={control}
            name="published"
            render={({ field }) => (
              <Switch
                label="Active"
                checked={Boolean(field.value)}
                onChange={field.onChange}
                onText="Shown on the site"
                offText="Inactive: the site uses its defaults"
              />
            )}
          />
          <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
            <RevisionHistory state={saveState} />
            <Button variant="outline" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Block'}
            </Button>
          </div>
        </form>
      )}
    </EditorDialog>
  );
}
