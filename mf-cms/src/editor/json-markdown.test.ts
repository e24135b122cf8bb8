import { describe, expect, it } from 'vitest';
import { applyMarkdown, insideJsonString, parseContent } from './json-markdown';

describe('markdown toolbar on JSON text', () => {
  const text = '{\n  "body": "Hello world"\n}';
  const inBody = text.indexOf('world');

  it('knows when the cursor is inside a JSON string', () => {
    expect(insideJsonString(text, inBody)).toBe(true);
    expect(insideJsonString(text, 1)).toBe(false);
    expect(insideJsonString('{"a": "x\\"y"}', 10)).toBe(true);
  });

  it('wraps the selection inside the body string', () => {
    const r = applyMarkdown(text, inBody, inBody + 5, { kind: 'wrap', marker: '**', placeholder: 'bold' })!;
    expect(parseContent(r.text)).toEqual({ body: 'Hello **world**' });
  });

  it('starts a heading on a new line, escaped as \\n in the JSON text', () => {
    const end = text.indexOf('world') + 5;
    const r = applyMarkdown(text, end, end, { kind: 'line', prefix: '## ', placeholder: 'Heading' })!;
    expect(r.text).toContain('Hello world\\n## Heading');
    expect(parseContent(r.text)).toEqual({ body: 'Hello world\n## Heading' });
  });

  it('appends to body when the cursor is outside any string', () => {
    const r = applyMarkdown(text, 0, 0, { kind: 'snippet', text: '![Logo](/uploads/a.png)' })!;
    expect(parseContent(r.text)).toEqual({ body: 'Hello world\n\n![Logo](/uploads/a.png)' });
    expect(applyMarkdown('{"body": ', 0, 0, { kind: 'snippet', text: 'x' })).toBeNull();
  });

  it('only accepts JSON objects as content', () => {
    expect(parseContent('[1]')).toBeNull();
    expect(parseContent('"text"')).toBeNull();
    expect(parseContent('{"body":"x"}')).toEqual({ body: 'x' });
  });
});
