/** Content objects edited as JSON text (content blocks other than the hero). */

/** Shown beside a JSON editor whose text does not parse; the form will not save until it does. */
export const INVALID_JSON = 'Invalid JSON: fix the text before saving (nothing has been saved).';

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
