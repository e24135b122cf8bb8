import { describe, expect, it } from 'vitest';
import { blogBodyHtml, markdownHtml, sanitizeHtml } from './index';

describe('sanitizeHtml', () => {
  it('keeps formatting, safe links and images', () => {
    const html = sanitizeHtml(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com/x">web</a> <a href="mailto:a@b.co">mail</a> <a href="tel:+15550100">tel</a> <a href="/contact">local</a></p><img src="https://example.com/a.png" alt="A chart">',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('href="mailto:a@b.co"');
    expect(html).toContain('href="tel:+15550100"');
    expect(html).toContain('href="/contact"');
    expect(html).toMatch(/<img[^>]+src="https:\/\/example.com\/a.png"/);
  });

  it('removes scripts, event handlers, inline styles and dangerous URLs', () => {
    const html = sanitizeHtml(
      '<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">js</a><a href=" JaVaScRiPt:alert(1)">js2</a><a href="data:text/html,x">data</a><a href="vbscript:x">vb</a><p style="background:url(javascript:alert(1))" onclick="alert(1)">p</p><svg><script>alert(1)</script></svg><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript|vbscript|data:|style=|iframe|<form|<input/i);
    expect(html).toContain('js');
  });

  it('drops link targets, so no page can reach this one through window.opener', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });
});

describe('blogBodyHtml', () => {
  it('turns every line break into <br>', () => {
    expect(blogBodyHtml('one\ntwo\r\nthree\n\nfour')).toBe('one<br>two<br>three<br><br>four');
    expect(blogBodyHtml('a\n<h2>B</h2>', 'html')).toBe('a<br><h2>B</h2>');
  });

  it('renders markdown bodies like page bodies, sanitized', () => {
    const body = blogBodyHtml('## B\n\n**x** [y](javascript:alert(1)) ![i](javascript:alert(2))', 'markdown');
    expect(body).toMatch(/^<h2>B<\/h2>\n<p><strong>x<\/strong> <a>y<\/a>/);
    expect(body).not.toMatch(/javascript|alert/i);
    expect(markdownHtml('## B\n\n**x** <img src=x onerror=alert(1)>')).toBe(
      '<h2>B</h2>\n<p><strong>x</strong> <img src="x" loading="lazy" alt=""></p>\n',
    );
  });
});
