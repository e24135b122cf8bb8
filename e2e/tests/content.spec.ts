import { expect, test, type Page, type Route } from '@playwright/test';
import { openClientSide, openPage, pressEscapeIn, uniqueEmail } from '../support/site';

/** Holds an API answer until `release()` so the loading state can be seen. */
async function holdApi(page: Page, pattern: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

const failWith500 = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: '{"message":"Something went wrong","code":"INTERNAL_ERROR"}',
  });

/** Fetches the real API answer and lets the test change it before the page sees it. */
async function rewriteJson<T>(page: Page, pattern: string, change: (body: T) => T) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as T;
    await route.fulfill({ response, json: change(body) });
  });
}

async function expectOneH1(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function expectLoadError(page: Page, title: string) {
  const main = page.getByRole('main');
  await expectOneH1(page, title);
  await expect(
    main.getByText("We're experiencing technical difficulties. Please try again later."),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
}

test.describe('case study list', () => {
  test('shows the hero, every published case study with at most 3 results and 3 services, and the CTA', async ({
    page,
  }) => {
    await openPage(page, '/case-studies');
    await expectOneH1(page, 'Real Results for Real Businesses');
    const main = page.getByRole('main');
    for (const stat of ['150+', '340%', '280%'])
      await expect(main.getByText(stat, { exact: true })).toBeVisible();
    const cards = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /Read Full Study/ }) });
    await expect(cards).toHaveCount(5);
    await expect(main.getByText('Doubling Funded Accounts')).toHaveCount(0);

    // Seeded with 4 results and 5 services: the card shows the first 3 of each.
    const outdoor = cards.filter({ hasText: 'How an Outdoor Retailer Grew Organic Revenue 312%' });
    await expect(outdoor.getByRole('list', { name: 'Key results' }).getByRole('listitem')).toHaveText([
      /\+312%\s*Organic Revenue/,
      /\+187%\s*Organic Sessions/,
      /1\.9s\s*Mobile LCP/,
    ]);
    await expect(outdoor.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText([
      'SEO',
      'Content Strategy',
      'Technical SEO',
    ]);
    await expect(outdoor.getByText('E-Commerce')).toBeVisible();
    await expect(outdoor.getByText('9 months')).toBeVisible();
    // The seeded image is a library image: its alt text is the library's.
    await expect(
      outdoor.getByRole('img', { name: 'Organic revenue chart rising steeply over nine months' }),
    ).toBeVisible();
    await expect(outdoor.getByRole('link', { name: /Read Full Study/ })).toHaveAttribute(
      'href',
      '/case-studies/outdoor-retailer-organic-growth',
    );
    // A case study without an image shows no broken image.
    const noImage = cards.filter({ hasText: 'Financial Advisory' });
    await expect(noImage.getByRole('img')).toHaveCount(0);

    await expect(main.getByRole('heading', { name: 'Ready to Be Our Next Success Story?' })).toBeVisible();
    await outdoor.getByRole('link', { name: /Read Full Study/ }).click();
    await expect(page).toHaveURL(/\/case-studies\/outdoor-retailer-organic-growth$/);
  });

  test("the CTA band's outline button answers a hover with its background, as in development", async ({
    page,
  }) => {
    // Production stylesheets put utilities in ordered sub-layers, where an !important base colour would
    // beat an !important hover one: the outline-on-dark look is a variant of its own, without `!`.
    await openPage(page, '/case-studies');
    const button = page.getByRole('link', { name: 'View Our Services' });
    const background = () => button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await button.hover();
    await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('shows 4 skeleton cards while loading', async ({ page }) => {
    const release = await holdApi(page, '**/api/case-studies?published=true');
    await openClientSide(page, '/case-studies');
    await expect(page.getByTestId('case-study-skeleton')).toHaveCount(4);
    await expect(page.getByText('Loading case studies…')).toBeAttached();
    release();
    await expect(page.getByTestId('case-study-skeleton')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Read Full Study/ })).toHaveCount(5);
  });

  test('an API failure shows Unable to Load Case Studies with Return Home', async ({ page }) => {
    await page.route('**/api/case-studies?published=true', failWith500);
    await openClientSide(page, '/case-studies');
    await expectLoadError(page, 'Unable to Load Case Studies');
  });
});

test.describe('case study detail', () => {
  test('shows every section of the spec', async ({ page }) => {
    await openPage(page, '/case-studies/outdoor-retailer-organic-growth');
    const main = page.getByRole('main');
    await expectOneH1(page, 'How an Outdoor Retailer Grew Organic Revenue 312%');
    await expect(main.getByRole('link', { name: 'Back to Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
    const tags = main.getByRole('list', { name: 'Project tags' }).getByRole('listitem');
    await expect(tags).toHaveText([
      'E-Commerce',
      '9 months',
      'SEO',
      'Content Strategy',
      'Technical SEO',
      'Web Design',
      'Shopify',
    ]);
    await expect(
      main.getByRole('banner').or(main.locator('header')).getByText('Summit Trail Outfitters'),
    ).toBeVisible();
    await expect(main.getByText('March 10, 2025')).toBeVisible();
    await expect(main.getByRole('list', { name: 'Results summary' }).getByRole('listitem')).toHaveCount(4);
    await expect(main.getByRole('heading', { name: 'Detailed Results' })).toBeVisible();
    await expect(
      main.getByRole('img', { name: 'Organic revenue chart rising steeply over nine months' }),
    ).toBeVisible();
    await expect(main.getByRole('heading', { name: 'The Challenge' })).toBeVisible();
    await expect(main.getByText(/Summit Trail had 4,000 products/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our Solution' })).toBeVisible();
    const details = main.getByTestId('study-sidebar');
    await expect(details.getByRole('heading', { name: 'Project Details' })).toBeVisible();
    await expect(details.getByText('Shopify')).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Want Similar Results?' })).toBeVisible();
    await expect(details.getByRole('link', { name: 'Get Your Free Strategy Session' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main.getByRole('heading', { name: 'More Success Stories' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'View All Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
  });

  test('unknown and unpublished slugs show Case Study Not Found with HTTP 404', async ({ page }) => {
    for (const slug of ['no-such-study', 'fintech-onboarding-funnel']) {
      const response = await page.goto(`/case-studies/${slug}`);
      expect(response?.status()).toBe(404);
      await expectOneH1(page, 'Case Study Not Found');
      const main = page.getByRole('main');
      await expect(
        main.getByText("The case study you're looking for doesn't exist or has been moved."),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: 'View All Case Studies' })).toHaveAttribute(
        'href',
        '/case-studies',
      );
    }
  });

  test('an API failure shows Case Study Not Found', async ({ page }) => {
    await page.route('**/api/case-studies/outdoor-retailer-organic-growth', failWith500);
    await openClientSide(page, '/case-studies/outdoor-retailer-organic-growth');
    await expectOneH1(page, 'Case Study Not Found');
  });
});

test.describe('blog list', () => {
  test('shows decorative chips, the featured article and the latest articles with every limit', async ({
    page,
  }) => {
    await openPage(page, '/blog');
    await expectOneH1(page, 'Insights That Drive Growth');
    const main = page.getByRole('main');
    const chips = main.getByRole('list', { name: 'Topics we write about' }).getByRole('listitem');
    await expect(chips).toHaveText([
      'All',
      'SEO',
      'Paid Media',
      'Analytics',
      'Strategy',
      'Industry Insights',
    ]);
    // Decorative: nothing to press, so nothing filters.
    await expect(chips.getByRole('button')).toHaveCount(0);
    await expect(chips.getByRole('link')).toHaveCount(0);

    const featured = page.getByTestId('featured-article');
    await expect(main.getByRole('heading', { name: 'Featured Article' })).toBeVisible();
    await expect(featured).toContainText('Core Web Vitals in 2025: What Actually Moves Rankings');
    await expect(featured).toContainText('March 18, 2025');

    await expect(main.getByRole('heading', { name: 'Latest Articles' })).toBeVisible();
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(6);
    // Newest first; the undated post falls back to its creation date and comes last.
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Building a Paid Media Budget That Scales With Demand',
      'Server-Side Tracking: A Practical Migration Guide for GA4',
      'The 90-Day Growth Plan: How We Structure the First Quarter',
      'What Retail Media Networks Mean for Mid-Market Brands',
      'Topical Authority: Planning Content Clusters That Rank',
      'Incrementality Testing on a Mid-Size Budget',
    ]);
    await expect(cards.nth(5)).toContainText('December 10, 2024');
    await expect(cards.nth(4)).toContainText('January 5, 2025');

    const long = cards.filter({ hasText: 'Server-Side Tracking' });
    const excerpt = await long.getByTestId('blog-card-excerpt').textContent();
    expect(excerpt).toHaveLength(123);
    expect(excerpt).toMatch(/^Browser restrictions and ad blockers.*\.\.\.$/);
    await expect(long).toContainText('Analytics');
    await expect(long).toContainText('Priya Raman');
    await expect(long.getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/blog/server-side-tracking-ga4-migration',
    );
    const short = cards.filter({ hasText: 'Retail Media' }).getByTestId('blog-card-excerpt');
    await expect(short).not.toContainText('...');

    await expect(main.getByText('Draft')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Subscribe to Our Newsletter' })).toHaveAttribute(
      'href',
      '#newsletter',
    );
  });

  test("shows 'Recent' for a post with neither date, and Blog Coming Soon with only one post", async ({
    page,
  }) => {
    type Post = { publishedAt: string | null; createdAt: string | null };
    await rewriteJson<Post[]>(page, '**/api/blog-posts?published=true', (posts) =>
      posts.map((p, i) => (i === 1 ? { ...p, publishedAt: null, createdAt: null } : p)),
    );
    await openClientSide(page, '/blog');
    await expect(page.getByTestId('blog-card').first()).toContainText('Recent');

    await page.unrouteAll();
    await rewriteJson<Post[]>(page, '**/api/blog-posts?published=true', (posts) => posts.slice(0, 1));
    await openClientSide(page, '/blog');
    const main = page.getByRole('main');
    await expect(page.getByTestId('featured-article')).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Blog Coming Soon' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Talk to Our Team' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Browse Resources' })).toHaveAttribute('href', '/resources');
  });

  test('shows 6 skeleton cards while loading', async ({ page }) => {
    const release = await holdApi(page, '**/api/blog-posts?published=true');
    await openClientSide(page, '/blog');
    await expect(page.getByTestId('blog-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('blog-card')).toHaveCount(6);
  });

  test('an API failure shows Unable to Load Blog Posts with Return Home', async ({ page }) => {
    await page.route('**/api/blog-posts?published=true', failWith500);
    await openClientSide(page, '/blog');
    await expectLoadError(page, 'Unable to Load Blog Posts');
  });
});

test.describe('blog post', () => {
  const slug = 'core-web-vitals-what-moves-rankings';

  test('shows header, 3 of 5 tags in the header, all tags below, the sidebar and related link', async ({
    page,
  }) => {
    await openPage(page, `/blog/${slug}`);
    const main = page.getByRole('main');
    await expectOneH1(page, 'Core Web Vitals in 2025: What Actually Moves Rankings');
    await expect(main.getByText('Page experience is a tie-breaker', { exact: false }).first()).toBeVisible();
    await expect(main.locator('header').getByText('Maya Chen')).toBeVisible();
    await expect(main.locator('header').getByText('March 18, 2025')).toBeVisible();
    await expect(page.getByTestId('header-tags').getByRole('listitem')).toHaveText([
      '#SEO',
      '#Core Web Vitals',
      '#Technical SEO',
    ]);
    await expect(page.getByTestId('all-tags').getByRole('listitem')).toHaveText([
      '#SEO',
      '#Core Web Vitals',
      '#Technical SEO',
      '#Page Speed',
      '#INP',
    ]);
    const body = page.getByTestId('post-body');
    await expect(
      body.getByRole('heading', { level: 2, name: 'Measure real users, not lab runs' }),
    ).toBeVisible();
    // Seeded bodies are markdown now (issue 25): paragraphs, not the HTML format's line breaks.
    await expect(body.locator('p').first()).toBeVisible();
    await expect(body).not.toContainText('**');
    await expect(body.getByRole('link', { name: 'Technical SEO Field Guide' })).toHaveAttribute(
      'href',
      '/resources',
    );

    const aside = main.getByTestId('post-sidebar');
    await expect(aside.getByRole('heading', { name: 'About the Author' })).toBeVisible();
    await expect(page.getByTestId('author-initial')).toHaveText('M');
    await expect(aside.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '#newsletter');
    await expect(aside.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
    await expect(aside.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('heading', { name: 'Related Articles' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'View All Articles' })).toHaveAttribute('href', '/blog');
    await expect(main.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  test('without a share sheet, Share copies the link and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openPage(page, `/blog/${slug}`);
    // Desktop Chromium has no share sheet; visitors there still get the button.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('main').getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test('the Share button passes title, excerpt and the current URL to the device share sheet', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await openPage(page, `/blog/${slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared);
    expect(shared).toEqual([
      {
        title: 'Core Web Vitals in 2025: What Actually Moves Rankings',
        text: 'Page experience is a tie-breaker, not a magic lever. Here is where speed work pays off and where it does not.',
        url: page.url(),
      },
    ]);
  });

  test('a hostile body renders its formatting but runs nothing', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // A body in the spec's HTML format (as an API client may still send one): line breaks become <br>.
    await rewriteJson<{ content: string }>(page, `**/api/blog-posts/${slug}`, (post) => ({
      ...post,
      contentFormat: 'html',
      content: [
        '<strong>Bold survives</strong>',
        '<img src=x onerror=alert(1)>',
        '<a href="javascript:alert(2)">Click me</a>',
        '<a href="https://example.com/safe">Safe link</a>',
        '<script>alert(3)</script><svg onload=alert(4)></svg>',
        '<p style="background:url(javascript:alert(5))" onmouseover="alert(6)">Hover me</p>',
        '<iframe src="javascript:alert(7)"></iframe>',
      ].join('\n'),
    }));
    await openClientSide(page, `/blog/${slug}`);
    const body = page.getByTestId('post-body');
    await expect(body.locator('strong')).toHaveText('Bold survives');
    await expect(body.locator('br')).toHaveCount(6);
    await expect(body.getByRole('link', { name: 'Safe link' })).toHaveAttribute(
      'href',
      'https://example.com/safe',
    );
    const hostileLink = body.getByText('Click me');
    await expect(hostileLink).not.toHaveAttribute('href', /.*/);
    await hostileLink.click();
    await body.getByText('Hover me').hover();
    const html = await body.innerHTML();
    expect(html).not.toMatch(/onerror|onload|onmouseover|javascript:|<script|<iframe|style=/i);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });

  test('unknown slugs and drafts show Article Not Found with Back to Blog and HTTP 404', async ({ page }) => {
    for (const s of ['no-such-post', 'search-predictions-2026']) {
      const response = await page.goto(`/blog/${s}`);
      expect(response?.status()).toBe(404);
      await expectOneH1(page, 'Article Not Found');
      await expect(page.getByRole('main').getByRole('link', { name: 'Back to Blog' })).toHaveAttribute(
        'href',
        '/blog',
      );
    }
  });

  test('an API failure shows Article Not Found', async ({ page }) => {
    await page.route(`**/api/blog-posts/${slug}`, failWith500);
    await openClientSide(page, `/blog/${slug}`);
    await expectOneH1(page, 'Article Not Found');
  });
});

test.describe('resources', () => {
  const countOf = async (page: Page, title: string) => {
    const res = await page.request.get('/api/resources?published=true');
    const list = (await res.json()) as Array<{ title: string; downloadCount: number }>;
    return list.find((r) => r.title === title)!.downloadCount;
  };

  test('shows every card with its type, lock, count, badge and button, and the category tiles', async ({
    page,
  }) => {
    await openPage(page, '/resources');
    await expectOneH1(page, 'Free Marketing Resources');
    const cards = page.getByTestId('resource-card');
    await expect(cards).toHaveCount(6);

    const gated = cards.filter({ hasText: 'Paid Media Benchmarks Report 2025' });
    await expect(gated).toContainText('Whitepaper');
    await expect(gated.getByTestId('lock-icon')).toBeVisible();
    await expect(gated.getByText('Email Required')).toBeVisible();
    await expect(gated.getByRole('button', { name: /Get Free Access/ })).toBeVisible();
    await expect(gated.getByRole('link')).toHaveCount(0);

    const free = cards.filter({ hasText: 'The Technical SEO Field Guide' });
    await expect(free).toContainText('Guide');
    await expect(free.getByTestId('lock-icon')).toHaveCount(0);
    await expect(free.getByText('Free Download')).toBeVisible();
    const download = free.getByRole('link', { name: /Download Now/ });
    await expect(download).toHaveAttribute('target', '_blank');
    await expect(download).toHaveAttribute('href', /^\/api\/resources\/\d+\/download$/);

    await expect(cards.filter({ hasText: 'The E-Commerce Growth Playbook' })).toContainText('E-Book');
    await expect(cards.filter({ hasText: 'Monthly Marketing Report Template' })).toContainText('Template');
    await expect(cards.filter({ hasText: 'The 40-Point SEO Audit Checklist' })).toContainText('Checklist');
    await expect(
      cards.filter({ hasText: 'AI Automation Readiness Checklist' }).getByTestId('download-count'),
    ).toHaveText('0 downloads');
    await expect(
      cards.filter({ hasText: 'E-Commerce Growth Playbook' }).getByTestId('download-count'),
    ).toHaveText(/^2,10\d downloads$/);
    await expect(page.getByText('Shopify Plus Migration Guide')).toHaveCount(0);

    const tiles = page
      .getByRole('region', { name: 'Resource Categories' })
      .getByRole('heading', { level: 3 });
    await expect(tiles).toHaveText(['E-Book', 'Whitepaper', 'Guide', 'Checklist', 'Template']);
  });

  test('an unknown type is shown as a guide and a missing count as 0', async ({ page }) => {
    type R = { type: string; downloadCount?: number };
    await rewriteJson<R[]>(page, '**/api/resources?published=true', (list) =>
      list.slice(0, 1).map(({ downloadCount: _d, ...r }) => ({ ...r, type: 'podcast' })),
    );
    await openClientSide(page, '/resources');
    const card = page.getByTestId('resource-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Guide');
    await expect(card.getByTestId('download-count')).toHaveText('0 downloads');
  });

  test('gated: the dialog validates, stores the lead, downloads the file and counts it', async ({ page }) => {
    const title = 'Paid Media Benchmarks Report 2025';
    const before = await countOf(page, title);
    await openPage(page, '/resources');
    const card = page.getByTestId('resource-card').filter({ hasText: title });
    await expect(card.getByTestId('download-count')).toHaveText(`${before} downloads`);
    await card.getByRole('button', { name: /Get Free Access/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Get Free Access' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Get Instant Access' }).click();
    await expect(dialog.getByText('Please enter your name')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(uniqueEmail('lead'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Get Instant Access' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('paid-media-benchmarks-2025.pdf');
    const file = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of file) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

    await expect(dialog).toBeHidden();
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast).toContainText('Your download has started');
    await expect(card.getByTestId('download-count')).toHaveText(`${before + 1} downloads`);
    expect(await countOf(page, title)).toBe(before + 1);
  });

  test('gated: Escape closes the dialog and focus returns to the button', async ({ page }) => {
    await openPage(page, '/resources');
    const button = page
      .getByTestId('resource-card')
      .filter({ hasText: 'The E-Commerce Growth Playbook' })
      .getByRole('button', { name: /Get Free Access/ });
    await button.click();
    await pressEscapeIn(page.getByRole('dialog'));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('ungated: Download Now opens the file in a new tab and counts the download', async ({
    page,
    context,
  }) => {
    const title = 'Monthly Marketing Report Template';
    const before = await countOf(page, title);
    await openPage(page, '/resources');
    const card = page.getByTestId('resource-card').filter({ hasText: title });
    // The new tab receives an attachment: Chromium turns it into a download and closes the tab.
    const fileResponse = context.waitForEvent('response', (r) =>
      /\/api\/resources\/\d+\/download$/.test(r.url()),
    );
    await card.getByRole('link', { name: /Download Now/ }).click();
    const response = await fileResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(
      /^attachment; filename="?marketing-report-template\.csv"?$/,
    );
    expect(response.headers()['content-type']).toMatch(/text\/csv/);
    await expect(card.getByTestId('download-count')).toHaveText(`${before + 1} downloads`);
    await expect.poll(() => countOf(page, title)).toBe(before + 1);
  });

  test('shows 6 skeleton cards while loading', async ({ page }) => {
    const release = await holdApi(page, '**/api/resources?published=true');
    await openClientSide(page, '/resources');
    await expect(page.getByTestId('resource-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('resource-card')).toHaveCount(6);
  });

  test('an API failure shows Unable to Load Resources with Return Home', async ({ page }) => {
    await page.route('**/api/resources?published=true', failWith500);
    await openClientSide(page, '/resources');
    await expectLoadError(page, 'Unable to Load Resources');
  });
});

test.describe('CMS-managed pages', () => {
  test('/privacy renders its title, meta tags and markdown body', async ({ page }) => {
    const response = await openPage(page, '/privacy');
    expect(response?.status()).toBe(200);
    await expectOneH1(page, 'Privacy Policy');
    await expect(page).toHaveTitle('Privacy Policy | How We Handle Your Data');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /What personal data we collect/,
    );
    const body = page.getByTestId('page-body');
    await expect(body.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    await expect(body.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
    await expect(body.locator('li strong').first()).toHaveText('Contact requests.');
    // The footer link reaches it too.
    await openPage(page, '/blog');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Privacy/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('unknown and unpublished pages show Page Not Found with HTTP 404', async ({ page }) => {
    for (const path of ['/no-such-page', '/careers']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectOneH1(page, 'Page Not Found');
    }
  });

  test('hostile markdown runs nothing', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await rewriteJson<{ content: Record<string, unknown> }>(page, '**/api/pages/privacy', (p) => ({
      ...p,
      content: {
        body: '# Hi\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(2))\n\n<script>alert(3)</script>',
      },
    }));
    await openClientSide(page, '/privacy');
    const body = page.getByTestId('page-body');
    await expect(body.getByRole('heading', { name: 'Hi' })).toBeVisible();
    await body.getByText('click').click();
    expect(await body.innerHTML()).not.toMatch(/onerror|javascript:|<script/i);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });
});
