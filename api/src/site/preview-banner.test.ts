import { describe, expect, it } from 'vitest';
import { contentPreviewBanner } from './content-preview';

/** Issue 25 item 12: the preview banner no longer covers the site's fixed header (top of the page). */
describe('the content preview banner', () => {
  it('sits at the bottom of the screen, above a release preview bar, not over the header', () => {
    const html = contentPreviewBanner();
    expect(html).toContain('position:fixed');
    expect(html).toContain('bottom:40px');
    expect(html).not.toMatch(/top:\s*0/);
  });
});
