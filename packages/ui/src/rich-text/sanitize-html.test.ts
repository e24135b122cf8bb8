import { describe, expect, it } from 'vitest';
import { RICH_TEXT_POLICY } from '@agency/contracts/rich-text-policy';
import { blogBodyHtml, markdownHtml, sanitizeHtml } from './index';
import { createSanitizer } from './sanitize-html';
import { domWindow as serverDomWindow } from './dom-window.server';

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

describe('one sanitizer policy, on the server and in the browser', () => {
  const HOSTILE = [
    '<h2 class="fixed inset-0" id="x">Title</h2>',
    '<p style="color:red" onclick="alert(1)" data-x="1" aria-hidden="true">Text <b>bold</b></p>',
    '<a href="javascript:alert(1)">js</a> <a href="https://example.com/a" target="_blank" rel="opener">web</a>',
    '<a href="/contact">local</a> <a href="ftp://example.com/f">ftp</a>',
    '<img src="data:image/svg+xml,x" onerror="alert(1)"><img src="https://example.com/a.png" srcset="x 2x">',
    '<script>alert(2)</script><style>p{}</style><iframe src="https://evil.example"></iframe>',
    '<form action="https://evil.example"><input name="q"><button>Go</button></form>',
    '<svg><a href="javascript:alert(3)">svg</a></svg><math><mi>m</mi></math>',
    '<table><tr><td colspan="2" align="center">cell</td></tr></table>',
  ].join('');
  const SAFE =
    '<h2>Title</h2><p>Text <b>bold</b></p><a>js</a> <a href="https://example.com/a">web</a>' +
    '<a href="/contact">local</a> <a>ftp</a>' +
    '<img loading="lazy" alt=""><img src="https://example.com/a.png" loading="lazy" alt="">Go' +
    '<table><tbody><tr><td colspan="2" align="center">cell</td></tr></tbody></table>';

  it('the browser (the page DOM) and a server build (its own jsdom) give the same safe output', () => {
    const browser = createSanitizer(window)(HOSTILE);
    const server = createSanitizer(serverDomWindow())(HOSTILE);
    expect(serverDomWindow()).not.toBe(window);
    expect(browser).toBe(SAFE);
    expect(server).toBe(SAFE);
    expect(sanitizeHtml(HOSTILE)).toBe(SAFE);
  });

  it('keeps exactly the tags the policy lists, and only its URL schemes', () => {
    const sanitize = createSanitizer(serverDomWindow());
    const every =
      '<p>p<br></p><hr><h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
      '<blockquote>q</blockquote><pre><code>c</code></pre><div><span>s</span></div>' +
      '<strong>a</strong><b>a</b><em>a</em><i>a</i><u>a</u><s>a</s><del>a</del><ins>a</ins><mark>a</mark>' +
      '<small>a</small><sub>a</sub><sup>a</sup><abbr>a</abbr><cite>a</cite><q>a</q><kbd>a</kbd>' +
      '<ul><li>l</li></ul><ol><li>l</li></ol><dl><dt>t</dt><dd>d</dd></dl><a href="/x">a</a><img src="/i.png">' +
      '<figure><figcaption>f</figcaption></figure><details><summary>s</summary>d</details>' +
      '<table><caption>c</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>';
    const kept = sanitize(every);
    for (const tag of RICH_TEXT_POLICY.allowedTags) expect(kept, tag).toMatch(new RegExp(`<${tag}[ >]`));
    expect(kept).toBe(every.replace('<img src="/i.png">', '<img src="/i.png" loading="lazy" alt="">'));
    for (const scheme of RICH_TEXT_POLICY.urlSchemes) {
      expect(sanitize(`<a href="${scheme}:x">l</a>`), scheme).toBe(`<a href="${scheme}:x">l</a>`);
    }
  });
});
