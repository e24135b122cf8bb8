import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  AdminRoutes,
  fillPagePlaceholders,
  pageBody,
  pageInputSchema,
  type AdminPage,
  type PageInput,
  type PageValues,
} from '@agency/contracts';
import { FALLBACK_SITE_SETTINGS, Input, Textarea, siteSettingsQueryOptions } from '@agency/ui';
import { Field, describedBy, slugify } from '../shared/form-controls';
import { markdownHtml } from '@agency/ui/rich-text';
import { MarkdownEditor } from '../editor/markdown-editor';
import { EditorForm, useEditorSave } from '../shared/editor-kit';
import { UploadInput } from '../media/upload-input';
import { SOCIAL_IMAGE_HINT } from '../entities/entity-configs';
import { openPreview } from '../shared/content-preview';
import { FormSwitch, PUBLISH_DATE_HINT, dateTimeLocalField, toDateTimeLocal } from '../shared/publishing';
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
  socialImageUrl: '',
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
  socialImageUrl: page.socialImageUrl ?? '',
  content: page.content,
  published: page.published,
  publishedAt: toDateTimeLocal(page.publishedAt),
  template: page.template,
});

/** 'New Page' / 'Edit Page' with the spec's fields. */
export function PageDialog({ page, onClose }: { page: AdminPage | null; onClose: () => void }) {
  // The preview fills {{retentionMonths}} as the public page does, from the public settings.
  const { data: settings = FALLBACK_SITE_SETTINGS } = useQuery(siteSettingsQueryOptions);
  const form = useForm<PageForm, unknown, PageValues>({
    resolver: zodResolver(pageFormSchema),
    defaultValues: page ? toForm(page) : EMPTY,
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = form;
  const editor = useEditorSave({
    url: AdminRoutes.pages,
    row: page,
    form,
    toForm,
    onClose,
    savedTitle: page ? 'Page updated' : 'Page created',
    notSavedTitle: 'Page not saved',
    nameField: 'title',
    fieldOf: (path) => (path.split('.')[0]! in EMPTY ? path.split('.')[0]! : null),
  });
  const f = (name: string) => `${editor.id}-${name}`;
  const [slugTouched, setSlugTouched] = useState(Boolean(page));
  /** A new page's title follows its name until the title is typed in by hand. */
  const [titleTouched, setTitleTouched] = useState(Boolean(page));
  const [slug, pageTitle, metaTitle, metaDescription, publishedAt] = useWatch({
    control,
    name: ['slug', 'title', 'metaTitle', 'metaDescription', 'publishedAt'],
  });

  // The form's current values, checked as a save checks them, on the public page in a new tab.
  const onPreview = handleSubmit((values) => openPreview('pages', values, page?.id));

  const nameField = register('name');
  const title = page ? 'Edit Page' : 'New Page';
  return (
    <EditorForm
      editor={editor}
      title={title}
      saveLabel="Save Page"
      className="max-w-3xl"
      formClassName="space-y-4"
      onPreview={() => void onPreview()}
      draftKind="page"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Page Name" htmlFor={f('name')} error={errors.name?.message}>
          <Input
            {...describedBy(f('name'), errors.name?.message)}
            {...nameField}
            onChange={(e) => {
              void nameField.onChange(e);
              if (!slugTouched) setValue('slug', slugify(e.target.value));
              if (!titleTouched) setValue('title', e.target.value);
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
          {...register('title', { onChange: () => setTitleTouched(true) })}
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
      <Field
        label="Social Card Image"
        htmlFor={f('socialImageUrl')}
        error={errors.socialImageUrl?.message}
        hint={SOCIAL_IMAGE_HINT}
      >
        <Controller
          control={control}
          name="socialImageUrl"
          render={({ field }) => (
            <UploadInput
              id={f('socialImageUrl')}
              kind="image-url"
              value={String(field.value ?? '')}
              onChange={field.onChange}
              invalid={Boolean(errors.socialImageUrl)}
              aria={describedBy(f('socialImageUrl'), errors.socialImageUrl?.message, true)}
            />
          )}
        />
      </Field>
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
              renderHtml={(markdown) => markdownHtml(fillPagePlaceholders(markdown, settings))}
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
      <FormSwitch
        control={control}
        name="published"
        label="Published"
        onText="Visible on the site"
        offText="Draft: only staff can preview it"
        publishedAt={publishedAt}
      />
    </EditorForm>
  );
}
