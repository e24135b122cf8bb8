import { describe, expect, it } from 'vitest';
import { parseContent } from './json-content';

describe('JSON content', () => {
  it('only accepts JSON objects as content', () => {
    expect(parseContent('[1]')).toBeNull();
    expect(parseContent('"text"')).toBeNull();
    expect(parseContent('{"body":"x"')).toBeNull();
    expect(parseContent('{"body":"x"}')).toEqual({ body: 'x' });
  });
});
