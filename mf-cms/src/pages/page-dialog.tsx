import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AdminRoutes,
  pageBody,
  pageInputSchema,
  type AdminPage,
  type PageInput,
  type PageValues,
} from '@agency/contracts';
import { Button, Input, Textarea } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, fieldErrors, useSaveEntity } from '../shared/admin-api';
import { Field, Switch, describedBy, slugify } from '../shared/form-controls';
import { markdownHtml } from '@agency/ui/rich-text';
import { MarkdownEditor } from '../editor/markdown-editor';
import { EditorDialog, SaveProblem, useSaveState } from '../shared/editor-dialog';
import { RevisionHistory } from '../history/revision-history';
import { openPreview } from '../shared/content-preview';
import { PUBLISH_DATE_HINT, dateTimeLocalField, toDateTimeLocal } from '../shared/publishing';
import { CharacterCount, SEARCH_LIMITS, SearchPreview } from './search-preview';

/** The form holds the publish date as the datetime-local input's text. */
type PageForm = Omit<PageInput, 'publishedAt'> & { publishedAt: string };
const pageFormSchema = pageInputSchema.extend({
  publishedAt: dateTimeLocalField.pipe(pageInputSchema.shape.publishedAt.unwrap()),
});

const EMPTY: PageForm = {
  name: '',
  slug: '',
  title: '',
  metaTitle: '',
  metaDescription: '',
  content: { body: '' },
  published: false,
  publishedAt: '',
  template: 'default',
};

const toForm = (page: AdminPage): PageForm => ({
  name: page.name,
  slug: page.slug,
  title: page.title,
  metaTitle: page.metaTitle,
  metaDescription: page.metaDescription,
  content: page.content,
  published: page.published,
  publishedAt: toDateTimeLocal(page.publishedAt),
  template: page.template,
});

/** 'New Page' / 'Edit Page' with the spec's fields. */
export function PageDialog({ page, onClose }: { page: AdminPage | null; onClose: () => void }) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const save = useSaveEntity<PageValues, AdminPage>(AdminRoutes.pages);
  const [slugTouched, setSlugTouched] = useState(Boolean(page));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isDirty },
  } = useForm<PageForm, unknown, PageValues>({
    resolver: zodResolver(pageFormSchema),
    defaultValues: page ? toForm(page) : EMPTY,
  });
  const saveState = useSaveState<AdminPage>(AdminRoutes.pages, page, (fresh) => {
    reset(toForm(fresh));
  });
  const [slug, pageTitle, metaTitle, metaDescription] = useWatch({
    control,
    name: ['slug', 'title', 'metaTitle', 'metaDescription'],
  });

  // The form's current values, checked as a save checks them, on the public page in a new tab.
  const onPreview = handleSubmit((values) => openPreview('pages', values, page?.id));
  const onSubmit = handleSubmit((values) => {
    saveState.start();
    save.mutate(
      { id: page?.id, values, etag: saveState.etag },
      {
        onSuccess: (stored) => {
          toast({
            title: page ? 'Page updated' : 'Page created',
            description: `"${stored?.title ?? values.title}" was saved.`,
          });
          onClose();
        },
        onError: (err) => {
          saveState.failed(err, values);
          for (const [name, message] of Object.entries(fieldErrors(err))) {
            if (name.split('.')[0]! in EMPTY) setError(name.split('.')[0] as keyof PageForm, { message });
          }
          toast({ variant: 'destructive', title: 'Page not saved', description: errorMessage(err) });
        },
      },
    );
  });

  const nameField = register('name');
  const title = page ? 'Edit Page' : 'New Page';
  return (
    <EditorDialog
      title={title}
      className="max-w-3xl"
      dirty={isDirty || saveState.copy !== null}
      onClose={onClose}
    >
      {(requestClose) => (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
          <SaveProblem state={saveState} id={id} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Page Name" htmlFor={f('name')} error={errors.name?.message}>
              <Input
                {...describedBy(f('name'), errors.name?.message)}
                {...nameField}
                onChange={(e) => {
                  void nameField.onChange(e);
                  if (!slugTouched) setValue('slug', slugify(e.target.value));
                }}
                invalid={Boolean(errors.name)}
              />
            </Field>
            <Field
              label="URL Slug"
              htmlFor={f('slug')}
              error={errors.slug?.message}
              hint="Lowercase letters, digits and hyphens; the page lives at /slug."
            >
              <Input
                {...describedBy(f('slug'), errors.slug?.message, true)}
                {...register('slug', { onChange: () => setSlugTouched(true) })}
                invalid={Boolean(errors.slug)}
              />
            </Field>
          </div>
          <Field label="Page Title" htmlFor={f('title')} error={errors.title?.message}>
            <Input
              {...describedBy(f('title'), errors.title?.message)}
              {...register('title')}
              invalid={Boolean(errors.title)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Meta Title" htmlFor={f('metaTitle')} error={errors.metaTitle?.message}>
              <Input
                {...describedBy(f('metaTitle'), errors.metaTitle?.message)}
                aria-describedby={errors.metaTitle ? f('metaTitle-error') : f('metaTitle-count')}
                {...register('metaTitle')}
                invalid={Boolean(errors.metaTitle)}
              />
              <CharacterCount
                id={f('metaTitle-count')}
                length={metaTitle?.length ?? 0}
                limit={SEARCH_LIMITS.metaTitle}
              />
            </Field>
            <Field
              label="Meta Description"
              htmlFor={f('metaDescription')}
              error={errors.metaDescription?.message}
            >
              <Textarea
                rows={2}
                {...describedBy(f('metaDescription'), errors.metaDescription?.message)}
                aria-describedby={
                  errors.metaDescription ? f('metaDescription-error') : f('metaDescription-count')
                }
                {...register('metaDescription')}
                invalid={Boolean(errors.metaDescription)}
              />
              <CharacterCount
                id={f('metaDescription-count')}
                length={metaDescription?.length ?? 0}
                limit={SEARCH_LIMITS.metaDescription}
              />
            </Field>
          </div>
          <SearchPreview
            title={(metaTitle ?? '').trim() || (pageTitle ?? '').trim()}
            description={(metaDescription ?? '').trim()}
            path={`/${slug ?? ''}`}
          />
          <div>
            <span id={f('content-label')} className="mb-1.5 block text-sm font-medium text-ink-900">
              Page Content
            </span>
            <Controller
              control={control}
              name="content"
              render={({ field }) => (
                <MarkdownEditor
                  id={f('content')}
                  error={errors.content?.message as string | undefined}
                  labelledBy={f('content-label')}
                  renderHtml={markdownHtml}
                  value={pageBody({ content: field.value ?? {} })}
                  // Other keys of the content object stay as they were stored.
                  onChange={(body) => field.onChange({ ...field.value, body })}
                />
              )}
            />
          </div>
          <Field
            label="Publish Date"
            htmlFor={f('publishedAt')}
            error={errors.publishedAt?.message}
            hint={PUBLISH_DATE_HINT}
          >
            <Input
              type="datetime-local"
              step={1}
              {...describedBy(f('publishedAt'), errors.publishedAt?.message, true)}
              {...register('publishedAt')}
              invalid={Boolean(errors.publishedAt)}
            />
          </Field>
          <Controller
            control={control}
            name="published"
            render={({ field }) => (
              <Switch
                label="Published"
                checked={Boolean(field.value)}
                onChange={field.onChange}
                onText="Visible on the site"
                offText="Draft: only staff can preview it"
              />
            )}
          />
          <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
            <RevisionHistory state={saveState} />
            <Button variant="outline" onClick={() => void onPreview()}>
              Preview page
            </Button>
            <Button variant="outline" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Page'}
            </Button>
          </div>
        </form>
      )}
    </EditorDialog>
  );
}
