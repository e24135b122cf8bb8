import { describe, expect, it } from 'vitest';
import { createDownloadTokens, DOWNLOAD_TOKEN_TTL_MS } from './download-token';

describe('download tokens', () => {
  const tokens = createDownloadTokens();
  const now = 1_750_000_000_000;

  it('accepts its own token for the same resource until it expires', () => {
    const token = tokens.issue(7, now);
    expect(tokens.verify(7, token, now + 1000)).toBe(true);
    expect(tokens.verify(7, token, now + DOWNLOAD_TOKEN_TTL_MS)).toBe(false);
    expect(tokens.verify(8, token, now)).toBe(false);
  });

  it('refuses tampered, foreign and malformed tokens', () => {
    const token = tokens.issue(7, now);
    const [expires, sig] = token.split('.') as [string, string];
    expect(tokens.verify(7, `${Number(expires) + 60_000}.${sig}`, now)).toBe(false);
    expect(tokens.verify(7, createDownloadTokens().issue(7, now), now)).toBe(false);
    for (const bad of [undefined, '', 'abc', ['x'], `${expires}.`, `${expires}.${sig}x`]) {
      expect(tokens.verify(7, bad, now)).toBe(false);
    }
  });
});
