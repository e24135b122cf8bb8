import { Tooltip } from '@agency/ui/tooltip';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
} from 'lucide-react';
import { cn } from '@agency/ui';
import { richTextClasses } from '@agency/ui/rich-text';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import {
  linkTarget,
  linkText,
  listContinuation,
  markdownEdit,
  type Edit,
  type MarkdownAction,
} from './markdown-transforms';

type Tool = MarkdownAction | 'link' | 'image';
const TOOLS: { label: string; icon: ReactNode; tool: Tool; keys?: string }[] = [
  { label: 'Heading 1', icon: <Heading1 />, tool: { kind: 'heading', level: 1 } },
  { label: 'Heading 2', icon: <Heading2 />, tool: { kind: 'heading', level: 2 } },
  { label: 'Heading 3', icon: <Heading3 />, tool: { kind: 'heading', level: 3 } },
  {
    label: 'Bold',
    icon: <Bold />,
    tool: { kind: 'wrap', marker: '**', placeholder: 'bold text' },
    keys: 'b',
  },
  {
    label: 'Italic',
    icon: <Italic />,
    tool: { kind: 'wrap', marker: '_', placeholder: 'italic text' },
    keys: 'i',
  },
  { label: 'Code', icon: <Code />, tool: { kind: 'wrap', marker: '`', placeholder: 'code' } },
  { label: 'Bullet List', icon: <List />, tool: { kind: 'block', block: 'bullet' } },
  { label: 'Numbered List', icon: <ListOrdered />, tool: { kind: 'block', block: 'numbered' } },
  { label: 'Quote', icon: <Quote />, tool: { kind: 'block', block: 'quote' } },
  { label: 'Insert Link', icon: <Link />, tool: 'link', keys: 'k' },
  { label: 'Insert Image', icon: <Image />, tool: 'image' },
];

/**
 * Applies an edit as if typed, so Ctrl+Z and Ctrl+Shift+Z undo and redo it like typing (the browser
 * keeps the history). Where the browser has no such command (tests in jsdom), the text is set directly.
 */
function applyToTextarea(el: HTMLTextAreaElement, edit: Edit) {
  el.focus();
  el.setSelectionRange(edit.from, edit.to);
  let done = false;
  try {
    done =
      edit.insert === ''
        ? edit.from === edit.to || document.execCommand('delete')
        : document.execCommand('insertText', false, edit.insert);
  } catch {
    done = false;
  }
  if (!done || el.value.slice(edit.from, edit.from + edit.insert.length) !== edit.insert) {
    el.setRangeText(edit.insert, edit.from, edit.to, 'end');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  el.setSelectionRange(edit.select.start, edit.select.end);
}

/**
 * Markdown with a toolbar that formats the selection, a preview rendered by `renderHtml` (the public
 * site's own renderer and sanitizer) and a character count. Page bodies and blog bodies use it.
 */
export function MarkdownEditor({
  id,
  value,
  onChange,
  labelledBy,
  renderHtml,
  error,
  format = 'markdown',
}: {
  /**
   * 'html': a body written as HTML (through the API): edited as HTML, without the markdown toolbar,
   * so markdown marks never end up in an HTML body.
   */
  format?: 'markdown' | 'html';
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the visible name, unless a <label for={id}> names the text. */
  labelledBy?: string;
  /** Sanitized HTML for the preview, exactly as the public page renders the text. */
  renderHtml: (text: string) => string;
  /** The form's or the server's message for the text. */
  error?: string;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [selectedText, setSelectedText] = useState('');
  const [preview, setPreview] = useState(false);
  /** An edit from a dialog waits until the dialog has closed: its focus trap would keep the text's. */
  const pending = useRef<Edit | null>(null);

  useEffect(() => {
    if (dialog === null && pending.current && area.current) {
      applyToTextarea(area.current, pending.current);
      pending.current = null;
    }
  }, [dialog]);

  const selection = () => {
    const el = area.current!;
    return { start: el.selectionStart, end: el.selectionEnd };
  };

  const runTool = (tool: Tool) => {
    const el = area.current;
    if (!el) return;
    if (tool === 'link' || tool === 'image') {
      const { start, end } = selection();
      setSelectedText(linkText(el.value.slice(start, end)));
      setDialog(tool);
      return;
    }
    applyToTextarea(el, markdownEdit(el.value, selection(), tool));
  };

  const insertFromDialog = (text: string) => {
    pending.current = markdownEdit(area.current!.value, selection(), { kind: 'insert', text });
    setDialog(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter in a list item continues the list; in an empty item it ends the list.
    if (
      format === 'markdown' &&
      e.key === 'Enter' &&
      !(e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.nativeEvent.isComposing)
    ) {
      const el = e.currentTarget;
      const edit = listContinuation(el.value, selection());
      if (!edit) return;
      e.preventDefault();
      applyToTextarea(el, edit);
      return;
    }
    if (format !== 'markdown' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const tool = TOOLS.find((t) => t.keys === e.key.toLowerCase());
    if (!tool) return;
    e.preventDefault();
    runTool(tool.tool);
  };

  return (
    <div className={cn('overflow-hidden rounded-lg border', error ? 'border-red-600' : 'border-slate-300')}>
      <div className="flex flex-wrap items-center justify-between gap-1 border-b border-slate-200 bg-slate-50 p-1.5">
        {format === 'markdown' ? (
          <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
            {TOOLS.map((t) => (
              // The tooltip is the button's name (spec); the shortcut is announced as the button's own.
              <Tooltip key={t.label} label={t.label}>
                <button
                  type="button"
                  aria-label={t.label}
                  aria-keyshortcuts={t.keys ? `Control+${t.keys.toUpperCase()}` : undefined}
                  disabled={preview}
                  // Keeps the selection in the text while the button is clicked.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => runTool(t.tool)}
                  className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-white hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 [&>svg]:h-4 [&>svg]:w-4"
                >
                  {t.icon}
                </button>
              </Tooltip>
            ))}
          </div>
        ) : (
          <span />
        )}
        <button
          type="button"
          aria-pressed={preview}
          onClick={() => setPreview((p) => !p)}
          className="rounded-md px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Preview
        </button>
      </div>
      <textarea
        ref={area}
        id={id}
        aria-labelledby={labelledBy}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={`${id}-status`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        className={cn(
          'min-h-[300px] w-full resize-y border-0 bg-white px-3 py-2 font-mono text-sm text-ink-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          // Hidden, not unmounted: the text keeps its undo history while the preview shows.
          preview ? 'hidden' : 'block',
        )}
      />
      {preview ? (
        <section aria-label="Preview" className="min-h-[300px] bg-white px-5 py-4">
          {value.trim() ? (
            <div className={richTextClasses} dangerouslySetInnerHTML={{ __html: renderHtml(value) }} />
          ) : (
            <p className="text-sm text-slate-600">Nothing to preview yet.</p>
          )}
        </section>
      ) : null}
      <div
        id={`${id}-status`}
        className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-slate-50 px-3 py-1.5 text-xs"
      >
        {error ? (
          <span role="alert" className="font-medium text-red-700">
            {error}
          </span>
        ) : (
          <span className="text-slate-600">
            {format === 'html'
              ? 'HTML: this post was written as HTML; edit it as HTML (each line break is a break).'
              : 'Markdown: select text, then use the toolbar.'}
          </span>
        )}
        <span className="text-slate-600">{value.length} characters</span>
      </div>
      <LinkDialog
        open={dialog === 'link'}
        initialText={selectedText}
        onOpenChange={(open) => setDialog(open ? 'link' : null)}
        onInsert={({ text, url }) => insertFromDialog(`[${linkText(text)}](${linkTarget(url)})`)}
      />
      <ImageDialog
        open={dialog === 'image'}
        onOpenChange={(open) => setDialog(open ? 'image' : null)}
        onInsert={({ url, alt }) => insertFromDialog(`![${linkText(alt)}](${linkTarget(url)})`)}
      />
    </div>
  );
}
