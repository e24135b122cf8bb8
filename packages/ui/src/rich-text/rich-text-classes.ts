/** Typography for sanitized HTML (blog bodies, CMS pages); no plugin needed. */
export const richTextClasses = [
  'text-lg leading-relaxed text-slate-700 break-words',
  '[&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-ink-900',
  '[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink-900 [&_h2:first-child]:mt-0',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-ink-900',
  // Line breaks straight after a heading would only add a gap.
  '[&_h2+br]:hidden [&_h3+br]:hidden',
  '[&_p]:mt-5 [&_p:first-child]:mt-0',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800',
  '[&_a:focus-visible]:rounded [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-brand-600',
  '[&_strong]:font-semibold [&_strong]:text-ink-900',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base',
  '[&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-ink-950 [&_pre]:p-4 [&_pre]:text-slate-100',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_hr]:my-10 [&_hr]:border-slate-200',
].join(' ');
