/**
 * The characters no text the API takes may hold (zod-free, for the browser's form schemas too): the C0
 * controls and DEL, which no person types and PostgreSQL partly cannot store (a NUL fails any text or
 * JSON column), and half of a UTF-16 surrogate pair, which no JSON column accepts. Multi-line text
 * (markdown bodies, messages) keeps tab, LF and CR; single-line text refuses those as well.
 */

/** A whole single-line value: no control character (tab, CR and LF included), no lone surrogate. */
export const SINGLE_LINE_TEXT = /^(?:[^\u0000-\u001f\u007f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** A whole multi-line value: the same as one line, but tab, LF and CR are allowed. */
export const MULTI_LINE_TEXT =
  /^(?:[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** No line break or tab (checked beside MULTI_LINE_TEXT, to say which rule a value breaks). */
export const NO_LINE_BREAKS = /^[^\t\n\r]*$/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** True when `value` could be stored as multi-line text (see MULTI_LINE_TEXT). */
export const isStorableText = (value: string): boolean => MULTI_LINE_TEXT.test(value);

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}
const pathOf = (visit: Visit | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let v = visit; v && v.key !== undefined; v = v.parent) path.unshift(v.key);
  return path;
};

/**
 * The path of a key or string in a JSON value that is not storable text, or undefined when all are.
 * Walks with its own stack, and builds a path only for what it finds: a deeply nested body can neither
 * overflow the call stack nor cost a path per level.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | undefined {
  const pending: Visit[] = [{ value }];
  while (pending.length) {
    const visit = pending.pop()!;
    const item = visit.value;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(visit);
    } else if (Array.isArray(item)) {
      item.forEach((child, key) => pending.push({ value: child, key, parent: visit }));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return [...pathOf(visit), key];
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return undefined;
}
