import { PREVIEW_PARAM, publishState, previewUrl, type PreviewType } from '@agency/contracts';

/**
 * Where a list's View button goes: a live item's public page, or the staff preview of a draft or
 * scheduled one (which the public page would answer with 404).
 */
export function viewPath(path: string, item: object) {
  const { published, publishedAt } = item as { published?: unknown; publishedAt?: unknown };
  const live =
    publishState({
      published: Boolean(published),
      publishedAt: typeof publishedAt === 'string' ? publishedAt : null,
    }) === 'published';
  return live ? path : `${path}?${PREVIEW_PARAM}`;
}

/**
 * Opens the public page of `values` (the form's current, possibly unsaved, values as the API takes
 * them) in a new tab: a same-origin form POST, so the values never land in a URL or in storage and
 * any API instance renders them (see api/src/site/content-preview.ts).
 */
export function openPreview(type: PreviewType, values: Record<string, unknown>, id?: number) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = previewUrl(type, String(values['slug'] ?? ''));
  form.target = '_blank';
  const field = (name: string, value: string) => {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  };
  field('values', JSON.stringify(values));
  if (id) field('id', String(id));
  document.body.append(form);
  form.submit();
  form.remove();
}
