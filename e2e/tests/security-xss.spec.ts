import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STAFF_PASSWORD as PASSWORD } from '../support/cms';
import { openPage } from '../support/site';

/**
 * Stored XSS: hostile text goes into every stored text field the admin API accepts, is published,
 * and every public page and CMS screen is opened. No dialog may fire and the text must show as text.
 *
 * CSP (no inline scripts) would already stop most of these payloads from running, so the browser
 * here bypasses CSP: what is tested is that the markup is never injected in the first place.
 */
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial' });

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';
/** One line of hostile text with a marker, for single-line fields (fits 100 characters). */
const hostile = (label: string) => `${label} ${IMG} ${SCRIPT} ${SVG}`;
const SHORT = `${SVG}`;
/** Markdown and raw HTML for the long text fields that pages render as rich text. */
const HOSTILE_MARKDOWN = [
  `# Heading ${IMG}`,
  '',
  `Paragraph ${SCRIPT} with [a javascript link](javascript:alert(1)) and [a data link](data:text/html,alert(1)).`,
  '',
  '[encoded](jav&#x09;ascript:alert(1)) [upper](JAVASCRIPT:alert(1)) ![image](x" onerror="alert(1))',
  '',
  '<a href="javascript:alert(1)">raw javascript link</a> <a href="vbscript:msgbox(1)">vb</a>',
  `<svg onload=alert(1)><circle r="1" /></svg> ${IMG}`,
  '<iframe src="javascript:alert(1)"></iframe><object data="javascript:alert(1)"></object>',
  '<details open ontoggle=alert(1)><summary>details</summary></details>',
  '<form action="javascript:alert(1)"><button>Go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  `<p style="background:url(javascript:alert(1))">styled</p> "><script>alert(1)</script>`,
  '',
  '[safe link](https://example.com/safe) [mail](mailto:hello@example.com) [phone](tel:+15550100)',
].join('\n');

const slugs = {
  page: `xss-page-${RUN}`,
  post: `xss-post-${RUN}`,
  study: `xss-study-${RUN}`,
  service: `xss-service-${RUN}`,
  block: `xss-block-${RUN}`,
};

interface Row {
  id: number;
  [key: string]: unknown;
}

let api: APIRequestContext;
/** What to delete afterwards: [admin path, id]. */
const created: [string, number][] = [];
/** What to put back afterwards. */
const restore: (() => Promise<void>)[] = [];

async function adminJson<T = Row>(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const res = await api.fetch(`/api/admin/${path}`, { method: method.toUpperCase(), data });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

async function create(path: string, data: Record<string, unknown>) {
  const row = await adminJson('post', path, data);
  created.push([path, row.id]);
  return row;
}

/** Collects every dialog (alert, confirm, prompt) the page opens. */
function watchDialogs(page: Page) {
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()} at ${page.url()}`);
    void dialog.dismiss().catch(() => {});
  });
  return fired;
}

/** Nothing stored became markup: no event-handler attributes, inline scripts or script URLs. */
async function expectNoInjectedMarkup(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) problems.push(`<${el.tagName} ${attr.name}>`);
        if (
          /^\s*(javascript|vbscript|data):/i.test(attr.value) &&
          /^(href|src|action|data|formaction)$/i.test(attr.name)
        ) {
          problems.push(`<${el.tagName} ${attr.name}="${attr.value}">`);
        }
      }
    }
    for (const s of Array.from(document.querySelectorAll('script'))) {
      const type = s.getAttribute('type') ?? '';
      if (!s.src && !/^application\/(ld\+)?json$/.test(type))
        problems.push(`inline <script>${s.textContent}`);
    }
    for (const el of Array.from(
      document.querySelectorAll('iframe, object, embed, svg[onload], main form[action^="javascript" i]'),
    )) {
      problems.push(`<${el.tagName}>`);
    }
    return problems;
  });
  expect(found, where).toEqual([]);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  // The staff API client on this project's server: its own cookie jar, and the site's Origin on
  // every write.
  const baseURL = testInfo.project.use.baseURL!;
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const auth = await api.post('/api/admin/auth', { data: { password: PASSWORD } });
  expect(auth.status()).toBe(200);

  // Seeded rows the test changes: their exact values are put back afterwards.
  const blocks = await adminJson<Row[]>('get', 'content-blocks');
  const hero = blocks.find((b) => b['identifier'] === 'homepage-hero');
  expect(hero).toBeDefined();
  const heroValues = {
    name: hero!['name'],
    identifier: hero!['identifier'],
    type: hero!['type'],
    content: hero!['content'],
    published: hero!['published'],
  };
  restore.push(async () => void (await adminJson('put', `content-blocks/${hero!.id}`, heroValues)));
  await adminJson('put', `content-blocks/${hero!.id}`, {
    ...heroValues,
    content: {
      title: hostile('Hero title'),
      subtitle: hostile('Hero subtitle'),
      metrics: [{ value: SHORT, label: hostile('Metric'), width: '50%' }],
      primaryCTA: { text: hostile('Primary'), href: '/contact' },
      // A javascript: button link is refused by the API (the hero schema); the home page then shows
      // its default secondary button.
    },
  });

  const settings = await adminJson<{ key: string; value: unknown }[]>('get', 'site-settings');
  const settingValues = Object.fromEntries(settings.map((s) => [s.key, s.value])) as Record<string, unknown>;
  restore.push(async () => void (await adminJson('put', 'site-settings', settingValues)));
  await adminJson('put', 'site-settings', {
    ...settingValues,
    siteName: hostile('Site'),
    defaultMetaDescription: hostile('Default description'),
    socialLinks: {
      linkedin: 'https://example.com/"><svg/onload=alert(1)>',
      x: 'https://example.com/<img/src=x/onerror=alert(1)>',
      instagram: '',
      youtube: "https://example.com/'onmouseover='alert(1)",
    },
  });

  const services = await adminJson<Row[]>('get', 'services');
  const seo = services.find((s) => s['slug'] === 'seo');
  expect(seo).toBeDefined();
  const seoValues = Object.fromEntries(
    Object.entries(seo!).filter(([k]) => !['id', 'createdAt', 'updatedAt'].includes(k)),
  );
  restore.push(async () => void (await adminJson('put', `services/${seo!.id}`, seoValues)));
  await adminJson('put', `services/${seo!.id}`, { ...seoValues, title: hostile('SEO title') });

  await create('pages', {
    name: hostile('Page name'),
    slug: slugs.page,
    title: hostile('Page title'),
    metaTitle: hostile('Meta title'),
    metaDescription: hostile('Meta description'),
    content: { body: HOSTILE_MARKDOWN, extra: hostile('Extra') },
    published: true,
    template: SHORT,
  });
  await create('content-blocks', {
    name: hostile('Block name'),
    identifier: slugs.block,
    type: SHORT,
    content: { title: hostile('Block title'), body: HOSTILE_MARKDOWN },
    published: true,
  });
  await create('services', {
    title: hostile('Service title'),
    slug: slugs.service,
    description: `${hostile('Service description')} ${HOSTILE_MARKDOWN}`,
    icon: 'search',
    visual: 'ocean',
    subtitle: hostile('Service subtitle'),
    intro: `${hostile('Service intro')} ${HOSTILE_MARKDOWN}`,
    provenResult: hostile('Proven result'),
    features: [
      { title: hostile('Feature one'), description: hostile('Feature text') },
      { title: hostile('Feature two'), description: '' },
    ],
    benefits: [hostile('Benefit')],
    process: [{ phase: hostile('Phase'), description: hostile('Phase text') }],
    testimonialQuote: hostile('Service quote'),
    testimonialAuthor: hostile('Service author'),
    testimonialRole: SHORT,
    published: true,
    displayOrder: 9999,
  });
  await create('blog-posts', {
    slug: slugs.post,
    title: hostile('Post title'),
    excerpt: hostile('Excerpt'),
    content: HOSTILE_MARKDOWN,
    category: hostile('Category'),
    author: hostile('Author'),
    tags: [hostile('Tag')],
    published: true,
  });
  await create('case-studies', {
    slug: slugs.study,
    title: hostile('Study title'),
    client: hostile('Client'),
    industry: hostile('Industry'),
    duration: hostile('Duration'),
    challenge: `${hostile('Challenge')}\n${HOSTILE_MARKDOWN}`,
    solution: `${hostile('Solution')}\n${HOSTILE_MARKDOWN}`,
    results: [
      { metric: hostile('Metric one'), value: SHORT },
      { metric: hostile('Metric two'), value: '<img src=x onerror=alert(1)>' },
    ],
    services: [hostile('Study service one'), hostile('Study service two')],
    imageUrl: '/uploads/missing.png?"><svg/onload=alert(1)>',
    published: true,
  });
  await create('testimonials', {
    content: `${hostile('Quote')} ${HOSTILE_MARKDOWN}`,
    name: hostile('Person'),
    title: hostile('Job title'),
    company: hostile('Company'),
    imageUrl: '/uploads/missing.png?"><img/src=x/onerror=alert(1)>',
    rating: 5,
    published: true,
    displayOrder: 0,
  });
  await create('resources', {
    title: hostile('Resource title'),
    description: `${hostile('Resource description')} ${HOSTILE_MARKDOWN}`,
    type: 'guide',
    gated: false,
    fileUrl: '/uploads/missing.pdf?"><svg/onload=alert(1)>',
    published: true,
  });
  // A lead with hostile text, for the CMS Leads tab (public form, no admin API).
  const lead = await api.post('/api/contacts', {
    data: {
      firstName: hostile('First'),
      lastName: '=HYPERLINK("http://evil.example")',
      email: `xss.${RUN}@example.com`,
      company: hostile('Company'),
      budget: '10k-25k',
      goals: HOSTILE_MARKDOWN,
    },
  });
  expect(lead.status()).toBe(201);
});

test.afterAll(async () => {
  const failures: unknown[] = [];
  for (const [path, id] of created.reverse()) {
    const res = await api.delete(`/api/admin/${path}/${id}`);
    if (res.status() !== 204) failures.push(`${path}/${id}: ${res.status()}`);
  }
  for (const put of restore.reverse()) await put().catch((err: unknown) => failures.push(err));
  await api.post('/api/admin/logout');
  await api.dispose();
  expect(failures).toEqual([]);
});

test('public pages show hostile stored content as text and never run it', async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs = watchDialogs(page);
  const visits: [path: string, shown: string[]][] = [
    ['/', [hostile('Hero subtitle'), hostile('Primary'), hostile('Service title'), hostile('Person')]],
    ['/about', []],
    ['/services', []],
    ['/services/seo', []],
    [
      `/services/${slugs.service}`,
      [hostile('Service title'), hostile('Feature one'), hostile('Benefit'), hostile('Service quote')],
    ],
    ['/case-studies', [hostile('Study title')]],
    [`/case-studies/${slugs.study}`, [hostile('Study title'), hostile('Client'), hostile('Metric one')]],
    ['/blog', [hostile('Post title')]],
    [`/blog/${slugs.post}`, [hostile('Post title')]],
    ['/resources', [hostile('Resource title')]],
    ['/contact', []],
    [`/${slugs.page}`, [hostile('Page title')]],
  ];
  for (const [path, shown] of visits) {
    await openPage(page, path);
    // Give lazy sections (images, carousels, deferred lists) a moment to render and fail.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    for (const text of shown) await expect(page.locator('body'), `${path} shows ${text}`).toContainText(text);
    await expect(page.locator('footer, [role="contentinfo"]').first()).toContainText(hostile('Site'));
    await expectNoInjectedMarkup(page, path);
    expect(dialogs, path).toEqual([]);
  }

  // The home hero shows the hostile title as its heading text; the missing CTA fell back.
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(IMG);
  await expect(page.getByRole('link', { name: 'View Case Studies' })).toHaveAttribute(
    'href',
    '/case-studies',
  );

  // The CMS page: markdown rendered, dangerous parts dropped, safe links kept.
  await openPage(page, `/${slugs.page}`);
  const body = page.getByTestId('page-body');
  await expect(body.getByRole('heading', { level: 1 })).toContainText('Heading');
  await expect(body.getByRole('link', { name: 'safe link' })).toHaveAttribute(
    'href',
    'https://example.com/safe',
  );
  await expect(body.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:hello@example.com');
  await expect(body.getByRole('link', { name: 'phone' })).toHaveAttribute('href', 'tel:+15550100');
  for (const name of ['a javascript link', 'a data link', 'raw javascript link', 'upper', 'encoded']) {
    const link = body.getByText(name, { exact: true });
    if (await link.count()) expect(await link.first().getAttribute('href'), name).toBeNull();
  }
  await expect(body.locator('script, iframe, object, form, style, svg')).toHaveCount(0);
  expect(await page.title()).toContain(hostile('Meta title'));
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test('every CMS tab shows hostile stored content as text and never runs it', async ({ page }) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);
  await page.goto('/cms');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('tablist', { name: 'Content sections' })).toBeVisible();
  const tabs: [tab: string, shown: string[]][] = [
    ['Overview', []],
    ['Pages', [hostile('Page title')]],
    ['Content Blocks', [hostile('Block name')]],
    ['Services', [hostile('Service title')]],
    ['Blog', [hostile('Post title')]],
    ['Case Studies', [hostile('Study title')]],
    ['Testimonials', [hostile('Person')]],
    ['Resources', [hostile('Resource title')]],
    ['Media', []],
    ['Leads', [hostile('First')]],
    ['Settings', []],
  ];
  for (const [name, shown] of tabs) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    for (const text of shown) {
      await expect(page.getByRole('tabpanel'), `${name} shows ${text}`).toContainText(text);
    }
    await expectNoInjectedMarkup(page, `CMS ${name}`);
    expect(dialogs, name).toEqual([]);
  }
  // The settings form holds the hostile site name as a plain value.
  await expect(page.getByRole('form', { name: 'Site settings' }).getByLabel('Site Name')).toHaveValue(
    hostile('Site'),
  );

  // Editors: the hostile page opens in its dialog as plain field values.
  await page.getByRole('tab', { name: 'Pages', exact: true }).click();
  await page.getByRole('button', { name: `Edit ${hostile('Page title')}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Page Content')).toHaveValue(/javascript:alert\(1\)/);
  await expectNoInjectedMarkup(page, 'CMS page editor');
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});
