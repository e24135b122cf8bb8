import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminRoutes,
  contentBlockInputSchema,
  type AdminContentBlock,
  type ContentBlockInput,
  type ContentBlockValues,
} from '@agency/contracts';
import { Button, Dialog, Input } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, fieldErrors, useSaveEntity } from '../shared/admin-api';
import { Field, Switch, describedBy } from '../shared/form-controls';
import { JsonTextarea } from '../editor/json-textarea';

const EMPTY: ContentBlockInput = { name: '', identifier: '', type: 'hero', content: {}, published: true };

export function ContentBlockDialog({
  block,
  onClose,
}: {
  block: AdminContentBlock | null;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveEntity<ContentBlockValues>(AdminRoutes.contentBlocks);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContentBlockInput, unknown, ContentBlockValues>({
    resolver: zodResolver(contentBlockInputSchema),
    defaultValues: block
      ? {
          name: block.name,
          identifier: block.identifier,
          type: block.type,
          content: block.content,
          published: block.published,
        }
      : EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: block?.id, values },
      {
        onSuccess: () => {
          toast({ title: 'Content block saved', description: `"${values.name}" was saved.` });
          onClose();
        },
        onError: (err) => {
          for (const [name, message] of Object.entries(fieldErrors(err))) {
            if (name in EMPTY) setError(name as keyof ContentBlockInput, { message });
          }
          toast({ variant: 'destructive', title: 'Content block not saved', description: errorMessage(err) });
        },
      },
    ),
  );

  const f = (name: string) => `${id}-${name}`;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={block ? 'Edit Content Block' : 'New Content Block'}
      className="max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
        <Field
          label="Content (JSON)"
          htmlFor={f('content')}
          error={errors.content?.message as string | undefined}
        >
          <Controller
            control={control}
            name="content"
            render={({ field }) => (
              <JsonTextarea
                id={f('content')}
                value={(field.value ?? {}) as Record<string, unknown>}
                onChange={field.onChange}
              />
            )}
          />
        </Field>
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
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Block'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
