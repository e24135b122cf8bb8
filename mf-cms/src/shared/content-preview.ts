import { PREVIEW_KINDS, previewUrl, type PreviewType } from '@agency/contracts';

/** The preview type of an admin list URL (`/api/admin/blog-posts` → 'blog-posts'); undefined: not previewable. */
export function previewTypeOf(adminUrl: string): PreviewType | undefined {
  const segment = adminUrl.split('/').pop() ?? '';
  return segment in PREVIEW_KINDS ? (segment as PreviewType) : undefined;
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
