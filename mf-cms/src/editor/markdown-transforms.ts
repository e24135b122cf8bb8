/**
 * What the markdown toolbar does to the text: each action turns the text and its selection into one
 * edit (replace `from`..`to` with `insert`) and the selection after it. The editor applies the edit as
 * typing, so it is one step of the browser's undo history.
 */

export interface Selection {
  start: number;
  end: number;
}

export interface Edit {
  from: number;
  to: number;
  insert: string;
  /** The selection once the edit is applied. */
  select: Selection;
}

export type BlockKind = 'bullet' | 'numbered' | 'quote';

export type MarkdownAction =
  | { kind: 'wrap'; marker: string; placeholder: string }
  | { kind: 'heading'; level: 1 | 2 | 3 }
  | { kind: 'block'; block: BlockKind }
  | { kind: 'insert'; text: string };

/**
 * Wraps the selection in `marker`, or unwraps it when it is already wrapped (markers just outside
 * the selection, or its own first and last characters). An empty selection gets a placeholder.
 */
function wrap(text: string, { start, end }: Selection, marker: string, placeholder: string): Edit {
  const m = marker.length;
  const selected = text.slice(start, end);
  if (text.slice(start - m, start) === marker && text.slice(end, end + m) === marker && start >= m) {
    return { from: start - m, to: end + m, insert: selected, select: { start: start - m, end: end - m } };
  }
  if (selected.length > 2 * m && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(m, -m);
    return { from: start, to: end, insert: inner, select: { start, end: start + inner.length } };
  }
  // Spaces at the edges of a double-clicked word stay outside the markers (`** word**` is not bold).
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const word = selected.trim() || placeholder;
  const from = selected.trim() ? start + lead : start;
  const to = selected.trim() ? end - trail : end;
  return {
    from,
    to,
    insert: `${marker}${word}${marker}`,
    select: { start: from + m, end: from + m + word.length },
  };
}

const HEADING = /^#{1,6}\s+/;
const BLOCK_PREFIX: Record<BlockKind, RegExp> = {
  bullet: /^[-*+]\s+/,
  numbered: /^\d+[.)]\s+/,
  quote: /^>\s?/,
};
/** Bullets and numbers replace each other; a quote is kept apart from both. */
const LIST = /^(?:[-*+]|\d+[.)])\s+/;

/** The whole lines the selection touches. */
function lineRange(text: string, { start, end }: Selection) {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends right after a line break does not take in the next line.
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const next = text.indexOf('\n', last);
  const to = next === -1 ? text.length : next;
  return { from, to, lines: text.slice(from, to).split('\n') };
}

/**
 * Rewrites the lines the selection touches. On one line the caret ends at the end of that line (the
 * next key typed continues it instead of replacing it, marks included); over several lines they stay
 * selected, so another format applies to all of them.
 */
function replaceLines(text: string, sel: Selection, map: (lines: string[]) => string[]): Edit {
  const { from, to, lines } = lineRange(text, sel);
  const insert = map(lines).join('\n');
  const end = from + insert.length;
  return { from, to, insert, select: lines.length > 1 ? { start: from, end } : { start: end, end } };
}

/** Sets the heading level of the lines, replacing any level they had; the same level again removes it. */
function heading(text: string, sel: Selection, level: number): Edit {
  const prefix = `${'#'.repeat(level)} `;
  const { lines } = lineRange(text, sel);
  const all = lines.every((l) => l.startsWith(prefix) && !l.startsWith(`${prefix}#`));
  if (lines.length === 1 && lines[0] === '') {
    const { from } = lineRange(text, sel);
    return {
      from,
      to: from,
      insert: `${prefix}Heading`,
      select: { start: from + prefix.length, end: from + prefix.length + 'Heading'.length },
    };
  }
  return replaceLines(text, sel, (ls) =>
    ls.map((l) => {
      const bare = l.replace(HEADING, '');
      return all || bare === '' ? bare : prefix + bare;
    }),
  );
}

/** Makes the lines a bullet list, a numbered list or a quote; when they already are one, undoes it. */
function block(text: string, sel: Selection, kind: BlockKind): Edit {
  const { lines } = lineRange(text, sel);
  const filled = lines.filter((l) => l.trim() !== '');
  const all = filled.length > 0 && filled.every((l) => BLOCK_PREFIX[kind].test(l));
  const placeholder = kind === 'quote' ? 'Quote' : 'List item';
  // An empty line gets the marker and a placeholder, and only the placeholder is selected.
  if (lines.length === 1 && lines[0]!.trim() === '') {
    const { from, to } = lineRange(text, sel);
    const prefix = kind === 'bullet' ? '- ' : kind === 'numbered' ? '1. ' : '> ';
    const start = from + prefix.length;
    return { from, to, insert: prefix + placeholder, select: { start, end: start + placeholder.length } };
  }
  let n = 0;
  return replaceLines(text, sel, (ls) =>
    ls.map((l) => {
      if (all) return l.replace(BLOCK_PREFIX[kind], '');
      if (l.trim() === '' && ls.length > 1) return l;
      const bare =
        (kind === 'quote' ? l.replace(BLOCK_PREFIX.quote, '') : l.replace(LIST, '')) || placeholder;
      n += 1;
      const prefix = kind === 'bullet' ? '- ' : kind === 'numbered' ? `${n}. ` : '> ';
      return prefix + bare;
    }),
  );
}

/** Puts `insert` in place of the selection; the selection ends up after it. */
function insert(sel: Selection, text: string): Edit {
  return {
    from: sel.start,
    to: sel.end,
    insert: text,
    select: { start: sel.start + text.length, end: sel.start + text.length },
  };
}

export function markdownEdit(text: string, sel: Selection, action: MarkdownAction): Edit {
  switch (action.kind) {
    case 'wrap':
      return wrap(text, sel, action.marker, action.placeholder);
    case 'heading':
      return heading(text, sel, action.level);
    case 'block':
      return block(text, sel, action.block);
    case 'insert':
      return insert(sel, action.text);
  }
}

/** Text for a markdown link or image: brackets would end it early. */
export const linkText = (text: string) => text.replace(/[[\]]/g, '').trim();
/** Link and image targets the public sanitizer keeps: the web, mail, phone, or a path on the site. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
/** A URL made safe to put inside markdown's parentheses. */
export const linkTarget = (url: string) =>
  url.trim().replace(/\s/g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');

/** A list item's line: indent, marker (`-`, `*`, `+`, or a number with `.` or `)`), spaces, text. */
const LIST_ITEM = /^(\s*)(?:([-*+])|(\d{1,9})([.)]))( +)(.*)$/;

/**
 * Enter in a list item (the caret after its marker): the next line starts with the same marker
 * (`- ` → `- `, `1. ` → `2. `), the text after the caret moving along. Enter in an empty item ends
 * the list: the marker goes and the line is left empty. Undefined anywhere else (a plain Enter).
 */
export function listContinuation(text: string, sel: Selection): Edit | undefined {
  if (sel.start !== sel.end) return undefined;
  const lineStart = text.lastIndexOf('\n', sel.start - 1) + 1;
  const next = text.indexOf('\n', sel.start);
  const lineEnd = next === -1 ? text.length : next;
  const match = LIST_ITEM.exec(text.slice(lineStart, lineEnd));
  if (!match) return undefined;
  const [, indent = '', bullet, number, delimiter, spaces = ' ', content = ''] = match;
  const markerEnd = lineStart + indent.length + (bullet ?? `${number}${delimiter}`).length + spaces.length;
  if (sel.start < markerEnd) return undefined;
  if (!content.trim()) {
    return { from: lineStart, to: lineEnd, insert: '', select: { start: lineStart, end: lineStart } };
  }
  const marker = bullet ?? `${Number(number) + 1}${delimiter}`;
  const insert = `\n${indent}${marker}${spaces}`;
  const caret = sel.start + insert.length;
  return { from: sel.start, to: sel.start, insert, select: { start: caret, end: caret } };
}
