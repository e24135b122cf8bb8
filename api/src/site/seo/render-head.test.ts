import { describe, expect, it } from 'vitest';
import { safeJson } from './render-head';

describe('safeJson: data inside a <script> element', () => {
  it('escapes every `<` and both line separators, and reads back as the same value', () => {
    const value = { title: 'a </script><script>alert(1)</script> <!-- b', lines: 'x\u2028y\u2029z', n: 1 };
    const text = safeJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text.match(/\\u003c/g)).toHaveLength(4);
    expect(JSON.parse(text)).toEqual(value);
  });
});
