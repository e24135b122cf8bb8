/**
 * The page editor holds the content object as JSON text, while its toolbar writes markdown.
 * Inside a JSON string the markdown is inserted JSON-escaped at the cursor; anywhere else it is
 * appended to the `body` field (the public page renders `content.body` as markdown).
 */

/** Shown beside a JSON editor whose text does not parse; the form will not save until it does. */
export const INVALID_JSON = 'Invalid JSON: fix the text before saving (nothing has been saved).';

export type MarkdownAction =
  | { kind: 'wrap'; marker: string; placeholder: string }
  | { kind: 'line'; prefix: string; placeholder: string }
  | { kind: 'snippet'; text: string };

export interface EditResult {
  text: string;
  /** Where the cursor goes (after the insertion). */
  cursor: number;
}

/** True when `pos` lies inside a JSON string literal of `text`. */
export function insideJsonString(text: string, pos: number): boolean {
  let inString = false;
  for (let i = 0; i < pos && i < text.length; i++) {
    const c = text[i];
    if (inString && c === '\\') {
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
  }
  return inString;
}

const escapeJson = (raw: string) => JSON.stringify(raw).slice(1, -1);
function unescapeJson(escaped: string): string {
  try {
    return JSON.parse(`"${escaped}"`) as string;
  } catch {
    return escaped;
  }
}

function markdownFor(action: MarkdownAction, selected: string, atLineStart: boolean): string {
  if (action.kind === 'snippet') return action.text;
  if (action.kind === 'wrap') return `${action.marker}${selected || action.placeholder}${action.marker}`;
  const lines = (selected || action.placeholder).split('\n');
  const prefixed = lines
    .map((l, i) => (action.prefix === '1. ' ? `${i + 1}. ${l}` : `${action.prefix}${l}`))
    .join('\n');
  return `${atLineStart ? '' : '\n'}${prefixed}`;
}

/** Parses the editor text; the content must be a JSON object. */
export function parseContent(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const formatContent = (content: Record<string, unknown>) => JSON.stringify(content, null, 2);

/** Applies a toolbar action; null when the text is not valid JSON and the cursor is outside a string. */
export function applyMarkdown(
  text: string,
  start: number,
  end: number,
  action: MarkdownAction,
): EditResult | null {
  if (insideJsonString(text, start) && insideJsonString(text, end) && !text.slice(start, end).includes('"')) {
    const before = text.slice(0, start);
    const atLineStart = before.endsWith('"') || before.endsWith('\\n');
    const inserted = escapeJson(markdownFor(action, unescapeJson(text.slice(start, end)), atLineStart));
    return { text: before + inserted + text.slice(end), cursor: start + inserted.length };
  }
  const content = parseContent(text);
  if (!content) return null;
  const body = typeof content.body === 'string' ? content.body : '';
  const addition = markdownFor(action, '', true);
  const next = formatContent({ ...content, body: body ? `${body}\n\n${addition}` : addition });
  // Leave the cursor right after the appended markdown, inside the body string.
  const bodyEnd = next.indexOf(escapeJson(addition), next.indexOf('"body"')) + escapeJson(addition).length;
  return { text: next, cursor: bodyEnd > 0 ? bodyEnd : next.length };
}
