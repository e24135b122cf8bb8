import { expect, test, type Page } from '@playwright/test';
import { answerConfirmation, signIn, unique } from '../support/cms';
import { asVisitor, openPage } from '../support/site';

/** Issue 15 item 4: service pages come from the CMS. */

const sitemapPaths = async (page: Page) => {
  const res = await page.request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
};

test('a service created and published in the CMS has its live page, is in the sitemap, and is a 404 once unpublished', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Email Growth ${unique('s')}`;
  await signIn(page);
  await page.getByRole('button', { name: 'New Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Service' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  const slug = await dialog.getByLabel('URL Slug').inputValue();
  expect(slug).toMatch(/^email-growth-/);
  await dialog
    .getByLabel('Description', { exact: true })
    .fill('Lifecycle email that sells without discounting.');
  await dialog.getByLabel('Visual').selectOption('sunset');
  await dialog.getByLabel('Page Subtitle').fill('Flows that pay for themselves.');
  await dialog
    .getByLabel('Page Introduction')
    .fill('Welcome, browse-abandon and win-back flows, tested every week.');
  await dialog.getByLabel('Proven Result').fill('31% of revenue from email within six months');
  await dialog.getByRole('button', { name: 'Add feature' }).click();
  await dialog.getByLabel('Feature title 1').fill('Lifecycle Flows');
  await dialog.getByLabel('Feature description 1').fill('Welcome, post-purchase and win-back flows.');
  await dialog.getByRole('button', { name: 'Add benefit' }).click();
  await dialog.getByLabel('Benefit 1').fill('More repeat revenue without discounts');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await dialog.getByLabel('Step 1', { exact: true }).fill('Flow Audit');
  await dialog.getByLabel('Step description 1').fill('Every automated email reviewed against revenue.');
  await dialog.getByLabel('Testimonial Quote').fill('Email became our second-largest channel.');
  await dialog.getByLabel('Testimonial Author').fill('Dana Price');
  await dialog.getByLabel('Testimonial Role').fill('Head of CRM, Copper & Pine');
  // New items start as drafts: publish it.
  await dialog.getByRole('switch', { name: 'Active' }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/services') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save Service' }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Services' }).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(/(?<!In)active/i);

  try {
    // Live, server-rendered, with its own head, its content, and in the footer and the overview.
    await asVisitor(browser, `/services/${slug}`, async (visitor, status) => {
      expect(status).toBe(200);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(visitor).toHaveTitle(new RegExp(`^${title}`));
      const main = visitor.getByRole('main');
      await expect(main).toContainText('Flows that pay for themselves.');
      await expect(main).toContainText('31% of revenue from email within six months');
      await expect(visitor.getByTestId('features')).toContainText(
        'Welcome, post-purchase and win-back flows.',
      );
      await expect(visitor.getByTestId('benefits')).toContainText('More repeat revenue without discounts');
      await expect(visitor.getByTestId('process')).toContainText('Flow Audit');
      await expect(main.locator('blockquote')).toContainText('Email became our second-largest channel.');
      await expect(main.locator('figcaption')).toContainText('Head of CRM, Copper & Pine');
      await expect(main.locator('section').first()).toHaveClass(/visual-sunset/);
      await expect(
        visitor.getByRole('navigation', { name: 'Services' }).getByRole('link', { name: title }),
      ).toHaveAttribute('href', `/services/${slug}`);
    });
    await asVisitor(browser, '/services', async (visitor) => {
      await visitor.getByRole('link', { name: `Learn More about ${title}` }).click();
      await expect(visitor).toHaveURL(new RegExp(`/services/${slug}$`));
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    });
    expect(await sitemapPaths(page)).toContain(`/services/${slug}`);

    // Unpublished in the CMS: gone for everyone, staff included.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Service' });
    await edit.getByRole('switch', { name: 'Active' }).click();
    const updated = page.waitForResponse(
      (r) => r.url().includes('/api/admin/services/') && r.request().method() === 'PUT',
    );
    await edit.getByRole('button', { name: 'Save Service' }).click();
    expect((await updated).status()).toBe(200);
    await expect(row).toContainText('Inactive');

    await asVisitor(browser, `/services/${slug}`, async (visitor, status) => {
      expect(status).toBe(404);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
      await expect(visitor.getByText("The service you're looking for doesn't exist.")).toBeVisible();
      await expect(visitor.getByRole('navigation', { name: 'Services' })).not.toContainText(title);
    });
    const staffView = await page.context().newPage();
    expect((await openPage(staffView, `/services/${slug}`))?.status()).toBe(404);
    await expect(staffView.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    await staffView.close();
    expect(await sitemapPaths(page)).not.toContain(`/services/${slug}`);
  } finally {
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await answerConfirmation(page, `Move the service "${title}" to the trash?`, 'Move to trash');
    await expect(row).toHaveCount(0);
  }
});

/** Texts of the six seeded pages, as the static catalogue had them. */
const SEEDED = [
  {
    slug: 'seo',
    title: 'SEO & Content',
    subtitle: 'Rank for the searches that turn into revenue.',
    feature: 'Technical SEO Audit',
    benefit: 'Average 247% organic traffic growth within 12 months',
    step: 'Measure & Compound',
    author: 'Sarah Chen',
  },
  {
    slug: 'paid-media',
    title: 'Paid Media',
    subtitle: 'Ad spend managed like an investment portfolio.',
    feature: 'Creative Testing Programme',
    benefit: 'Spend that scales only where returns hold up',
    step: 'Account Audit',
    author: 'Marcus Alvarez',
  },
  {
    slug: 'data-science',
    title: 'Data Science & Analytics',
    subtitle: 'Know which numbers to trust, and what to do next.',
    feature: 'Attribution & Marketing Mix Modelling',
    benefit: 'One source of truth for marketing and finance',
    step: 'Decision Support',
    author: 'Priya Natarajan',
  },
  {
    slug: 'ai-automations',
    title: 'AI Automations',
    subtitle: 'Give your team hours back every week.',
    feature: 'Lead Enrichment & Routing',
    benefit: 'Faster lead response times and fewer leads lost',
    step: 'Train & Hand Over',
    author: 'Tom Lindqvist',
  },
  {
    slug: 'shopify',
    title: 'Shopify E-commerce',
    subtitle: 'Stores built to convert, and to bring customers back.',
    feature: 'Replatforming & Migration',
    benefit: 'Migrations with every redirect mapped and rankings protected',
    step: 'Launch & Optimise',
    author: 'James O’Connor',
  },
  {
    slug: 'web-design',
    title: 'Web Design',
    subtitle: 'Marketing sites that turn visitors into pipeline.',
    feature: 'Conversion Copywriting',
    benefit: 'WCAG 2.1 AA accessibility as standard',
    step: 'Wireframes & Copy',
    author: 'Elena Rossi',
  },
];

test('the six seeded service pages still show their texts, each in the sitemap and the footer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sitemap = await sitemapPaths(page);
  for (const s of SEEDED) {
    const response = await openPage(page, `/services/${s.slug}`);
    expect(response?.status(), s.slug).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s.title);
    const main = page.getByRole('main');
    await expect(main).toContainText(s.subtitle);
    await expect(page.getByTestId('features').getByRole('heading', { name: s.feature })).toBeVisible();
    await expect(page.getByTestId('benefits')).toContainText(s.benefit);
    await expect(page.getByTestId('process')).toContainText(s.step);
    await expect(main.locator('figcaption')).toContainText(s.author);
    expect(sitemap, s.slug).toContain(`/services/${s.slug}`);
  }
  await expect(page.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveText(
    SEEDED.map((s) => s.title),
  );
});

test('issue 25 item 1: a service with only a title, a description and two features shows its description and true counts', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Bare Service ${unique('s')}`;
  const description = 'Only what the editor wrote, nothing about another service.';
  await signIn(page);
  await page.getByRole('button', { name: 'New Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Service' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  const slug = await dialog.getByLabel('URL Slug').inputValue();
  await dialog.getByLabel('Description', { exact: true }).fill(description);
  for (const [i, name] of ['Lifecycle Flows', 'Campaigns'].entries()) {
    await dialog.getByRole('button', { name: 'Add feature' }).click();
    await dialog.getByLabel(`Feature title ${i + 1}`).fill(name);
  }
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Save Service' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Services' }).getByRole('listitem').filter({ hasText: title });
  try {
    await asVisitor(browser, `/services/${slug}`, async (visitor, status) => {
      expect(status).toBe(200);
      const main = visitor.getByRole('main');
      await expect(main).toContainText(description);
      await expect(main).toContainText('Two workstreams, run by the same senior team');
      await expect(visitor.getByRole('complementary', { name: 'At a glance' })).toContainText(
        'Two workstreams included',
      );
      await expect(main).not.toContainText('Five workstreams');
      await expect(main).not.toContainText('5+ years');
    });
    await asVisitor(browser, '/services', async (visitor) => {
      const cards = await visitor.getByTestId('service-card').count();
      // The seeded six plus this one (and any other test's published service): the hero says how many.
      const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
      const word = words[cards] ?? String(cards);
      await expect(visitor.getByRole('main')).toContainText(
        `${word.charAt(0).toUpperCase()}${word.slice(1)} disciplines, one team`,
      );
    });
  } finally {
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await answerConfirmation(page, `Move the service "${title}" to the trash?`, 'Move to trash');
    await expect(row).toHaveCount(0);
  }
});
