import { Tooltip } from '@agency/ui/tooltip';
import { useRef, useState, type ReactNode } from 'react';
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
import { toast } from '@agency/ui/toast';
import {
  INVALID_JSON,
  applyMarkdown,
  formatContent,
  parseContent,
  type MarkdownAction,
} from './json-markdown';
import { ImageDialog } from './image-dialog';

type Tool = MarkdownAction | 'link' | 'image';
const TOOLS: { label: string; icon: ReactNode; tool: Tool }[] = [
  { label: 'Heading 1', icon: <Heading1 />, tool: { kind: 'line', prefix: '# ', placeholder: 'Heading' } },
  { label: 'Heading 2', icon: <Heading2 />, tool: { kind: 'line', prefix: '## ', placeholder: 'Heading' } },
  { label: 'Heading 3', icon: <Heading3 />, tool: { kind: 'line', prefix: '### ', placeholder: 'Heading' } },
  { label: 'Bold', icon: <Bold />, tool: { kind: 'wrap', marker: '**', placeholder: 'bold text' } },
  { label: 'Italic', icon: <Italic />, tool: { kind: 'wrap', marker: '_', placeholder: 'italic text' } },
  { label: 'Code', icon: <Code />, tool: { kind: 'wrap', marker: '`', placeholder: 'code' } },
  { label: 'Bullet List', icon: <List />, tool: { kind: 'line', prefix: '- ', placeholder: 'List item' } },
  {
    label: 'Numbered List',
    icon: <ListOrdered />,
    tool: { kind: 'line', prefix: '1. ', placeholder: 'List item' },
  },
  { label: 'Quote', icon: <Quote />, tool: { kind: 'line', prefix: '> ', placeholder: 'Quote' } },
  { label: 'Insert Link', icon: <Link />, tool: 'link' },
  { label: 'Insert Image', icon: <Image />, tool: 'image' },
];

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * Page Content: a markdown-style toolbar over the content object's JSON text.
 * Invalid JSON never reaches the form as content: the editor reports it, and the form refuses to save.
 */
export function ContentEditor({
  id,
  value,
  onChange,
  labelledBy,
  onValidityChange,
  error,
}: {
  id: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  labelledBy: string;
  onValidityChange?: (error: string | null) => void;
  /** The form's or the server's message for the content. */
  error?: string;
}) {
  const [text, setText] = useState(() => formatContent(value));
  const [invalid, setInvalid] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const selection = useRef({ start: 0, end: 0 });

  const update = (next: string) => {
    setText(next);
    const parsed = parseContent(next);
    setInvalid(!parsed);
    onValidityChange?.(parsed ? null : INVALID_JSON);
    if (parsed) onChange(parsed);
  };

  const apply = (action: MarkdownAction) => {
    const el = area.current;
    const start = el ? el.selectionStart : selection.current.start;
    const end = el ? el.selectionEnd : selection.current.end;
    const result = applyMarkdown(text, start, end, action);
    if (!result) {
      setInvalid(true);
      toast({
        variant: 'destructive',
        title: 'Invalid JSON',
        description: 'Fix the JSON before using the toolbar.',
      });
      return;
    }
    update(result.text);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(result.cursor, result.cursor);
    });
  };

  const insertLink = () => {
    const url = window.prompt('Enter the URL')?.trim();
    if (!url) return;
    if (!SAFE_LINK.test(url)) {
      toast({
        variant: 'destructive',
        title: 'Link not inserted',
        description: 'Use an http(s), mailto: or tel: link, or a site path.',
      });
      return;
    }
    const label = window.prompt('Enter the link text')?.trim() || url;
    apply({ kind: 'snippet', text: `[${label}](${url})` });
  };

  const openImage = () => {
    const el = area.current;
    if (el) selection.current = { start: el.selectionStart, end: el.selectionEnd };
    setImageOpen(true);
  };

  const runTool = (tool: Tool) => {
    if (tool === 'link') insertLink();
    else if (tool === 'image') openImage();
    else apply(tool);
  };

  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg border',
        invalid || error ? 'border-red-600' : 'border-slate-300',
      )}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1.5"
      >
        {TOOLS.map((t) => (
          <Tooltip key={t.label} label={t.label}>
            <button
              type="button"
              aria-label={t.label}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => runTool(t.tool)}
              className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-white hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600 [&>svg]:h-4 [&>svg]:w-4"
            >
              {t.icon}
            </button>
          </Tooltip>
        ))}
      </div>
      <textarea
        ref={area}
        id={id}
        aria-labelledby={labelledBy}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={`${id}-status`}
        spellCheck={false}
        value={text}
        onChange={(e) => update(e.target.value)}
        className="block min-h-[300px] w-full resize-y border-0 bg-white px-3 py-2 font-mono text-sm text-ink-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      />
      <div
        id={`${id}-status`}
        className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-slate-50 px-3 py-1.5 text-xs"
      >
        {invalid || error ? (
          <span role="alert" className="font-medium text-red-700">
            {invalid ? INVALID_JSON : error}
          </span>
        ) : (
          <span className="text-slate-600">JSON object; markdown goes in &quot;body&quot;.</span>
        )}
        <span className="text-slate-600">{text.length} characters</span>
      </div>
      <ImageDialog
        open={imageOpen}
        onOpenChange={setImageOpen}
        onInsert={({ url, alt }) => {
          if (area.current) area.current.setSelectionRange(selection.current.start, selection.current.end);
          apply({ kind: 'snippet', text: `![${alt.replace(/[[\]]/g, '')}](${url})` });
        }}
      />
    </div>
  );
}
