import { expect, test, type Page } from '@playwright/test';
import { openClientSide, openPage } from '../support/site';

const SERVICES = [
  { slug: 'seo', title: 'SEO & Content', visual: 'ocean' },
  { slug: 'paid-media', title: 'Paid Media', visual: 'ember' },
  { slug: 'data-science', title: 'Data Science & Analytics', visual: 'indigo' },
  { slug: 'ai-automations', title: 'AI Automations', visual: 'orchid' },
  { slug: 'shopify', title: 'Shopify E-commerce', visual: 'forest' },
  { slug: 'web-design', title: 'Web Design', visual: 'sunset' },
];
const APPROACH = ['Audit & Analysis', 'Strategy Design', 'Expert Execution', 'Optimize & Scale'];

/** Exactly one h1 in main, and no heading level skipped on the way down. */
async function expectOrderedHeadings(page: Page) {
  const headingLevels = () =>
    page
      .locator('main')
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((els) => els.map((e) => Number(e.tagName[1])));
  // Polled: once, in CI, main briefly had no headings right after the sections rendered.
  await expect.poll(async () => (await headingLevels()).filter((l) => l === 1).length).toBe(1);
  const levels = await headingLevels();
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0)
      expect(
        level - levels[i - 1]!,
        `heading ${i} jumps from h${levels[i - 1]} to h${level}`,
      ).toBeLessThanOrEqual(1);
  });
}

const caseStudy = (n: number) => ({
  id: n,
  slug: `study-${n}`,
  title: `Study ${n} Title`,
  client: `Client ${n}`,
  industry: `Industry ${n}`,
  duration: `${n} months`,
  challenge: `Challenge of study ${n}.`,
  solution: `Solution of study ${n}.`,
  results: [1, 2, 3, 4].map((r) => ({ metric: `Metric ${n}.${r}`, value: `+${n}${r}%` })),
  services: ['SEO'],
  createdAt: '2024-03-01T00:00:00.000Z',
});

test.describe('home with data', () => {
  test('shows the seven sections in the spec order, one h1 and ordered headings', async ({ page }) => {
    await openPage(page, '/');
    await expect(page.locator('main h2')).toHaveText([
      'Services Built Around Your Numbers',
      'A Proven Four-Step Process',
      'Client Success Stories',
      'What Our Clients Say',
      'The Antidote to Bloated Agencies',
      'Ready to Grow?',
    ]);
    await expectOrderedHeadings(page);
  });

  test('hero renders the seeded homepage-hero block: split title, metrics with bars, both buttons', async ({
    page,
  }) => {
    await openPage(page, '/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('Digital Performance, Distilled.');
    await expect(h1.locator('span')).toHaveText(['Digital Performance,', 'Distilled.']);
    const metrics = page.getByTestId('hero-metric');
    await expect(metrics).toHaveCount(3);
    await expect(metrics.nth(0)).toContainText('247%');
    await expect(metrics.nth(0)).toContainText('Avg. Traffic Growth');
    await expect(metrics.nth(1)).toContainText('$2.4M');
    await expect(metrics.nth(1)).toContainText('Revenue Generated');
    await expect(metrics.nth(2)).toContainText('40+');
    await expect(metrics.nth(2)).toContainText('Years Combined Exp.');
    await expect(page.getByTestId('hero-metric-bar').first()).toHaveAttribute('style', /width:\s*85%/);
    await expect(page.getByRole('link', { name: 'Start Your Growth Journey' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByRole('link', { name: 'View Case Studies' }).first()).toHaveAttribute(
      'href',
      '/case-studies',
    );
  });

  test('hero follows whatever the content block says', async ({ page }) => {
    await page.route('**/api/content-blocks/homepage-hero', (route) =>
      route.fulfill({
        json: {
          id: 1,
          name: 'Hero',
          identifier: 'homepage-hero',
          type: 'hero',
          published: true,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
          content: {
            title: 'Growth, Without, Guesswork',
            subtitle: 'A custom subtitle from the CMS.',
            metrics: [{ value: '3.8x', label: 'Return on Ad Spend', width: '60%' }],
            primaryCTA: { text: 'Book a Call', href: '/contact' },
            secondaryCTA: { text: 'Our Services', href: '/services' },
          },
        },
      }),
    );
    await openClientSide(page, '/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1.locator('span')).toHaveText(['Growth,', 'Without, Guesswork']);
    await expect(page.getByText('A custom subtitle from the CMS.')).toBeVisible();
    await expect(page.getByTestId('hero-metric')).toHaveCount(1);
    await expect(page.getByTestId('hero-metric')).toContainText('Return on Ad Spend');
    await expect(page.getByTestId('hero-metric-bar')).toHaveAttribute('style', /width:\s*60%/);
    await expect(page.getByRole('link', { name: 'Book a Call' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Our Services' })).toHaveAttribute('href', '/services');
  });

  test('services grid lists the published services in display order, each linking to its page', async ({
    page,
  }) => {
    await openPage(page, '/');
    const links = page.getByTestId('home-services').getByRole('heading', { level: 3 }).getByRole('link');
    await expect(links).toHaveText(SERVICES.map((s) => s.title));
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual(
      SERVICES.map((s) => `/services/${s.slug}`),
    );
  });

  test('process section shows the four steps in order', async ({ page }) => {
    await openPage(page, '/');
    const process = page.getByRole('region', { name: 'A Proven Four-Step Process' });
    await expect(process.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText(
      APPROACH.map((s, i) => `Step ${i + 1}: ${s}`),
    );
  });

  test('case studies: at most 2 cards with at most 3 results each, linking to their pages', async ({
    page,
  }) => {
    await page.route('**/api/case-studies?published=true', (route) =>
      route.fulfill({ json: [caseStudy(1), caseStudy(2), caseStudy(3)] }),
    );
    await openClientSide(page, '/');
    const cards = page.getByTestId('home-case-studies').locator(':scope > li');
    await expect(cards).toHaveCount(2);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Study 1 Title', 'Study 2 Title']);
    await expect(cards.nth(0).getByRole('link', { name: 'Study 1 Title' })).toHaveAttribute(
      'href',
      '/case-studies/study-1',
    );
    await expect(cards.nth(0)).toContainText('Industry 1');
    await expect(cards.nth(0)).toContainText('1 months');
    await expect(cards.nth(0)).toContainText('Challenge of study 1.');
    await expect(cards.nth(0).locator('dt')).toHaveText(['Metric 1.1', 'Metric 1.2', 'Metric 1.3']);
    await expect(cards.nth(1).locator('dd')).toHaveText(['+21%', '+22%', '+23%']);
    await expect(page.getByRole('link', { name: 'View All Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
    await expect(page.getByText(/Case studies are coming soon/)).toHaveCount(0);
  });

  test('case studies: a pulsing skeleton while loading, then the coming-soon text on error', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/case-studies?published=true', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { message: 'Something went wrong', code: 'INTERNAL_ERROR' } });
    });
    await openClientSide(page, '/');
    const skeleton = page.getByTestId('case-studies-loading');
    await expect(skeleton).toBeVisible();
    await expect(skeleton.locator('.animate-pulse')).toHaveCount(2);
    release();
    await expect(skeleton).toHaveCount(0);
    await expect(
      page.getByText(
        "Case studies are coming soon. We're currently documenting our latest client successes.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discuss Your Project' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByTestId('home-case-studies')).toHaveCount(0);
  });

  test('testimonials show the seeded quotes with stars from their rating, and six client names', async ({
    page,
  }) => {
    await openPage(page, '/');
    const list = page.getByTestId('home-testimonials');
    await expect(list.locator(':scope > li')).toHaveCount(4);
    await expect(list).toContainText('Sarah Chen');
    await expect(list).toContainText('VP of Marketing, Northwind Outfitters');
    const james = list.locator('li', { hasText: 'James O’Connor' });
    await expect(james.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(james.locator('svg[data-filled]')).toHaveCount(4);
    await expect(list.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
    await expect(list).not.toContainText('Rachel Morgan');
    await expect(page.getByTestId('client-names').locator('li')).toHaveCount(6);
  });

  test('antidote band shows its stats and links to /about', async ({ page }) => {
    await openPage(page, '/');
    const band = page.getByRole('region', { name: 'The Antidote to Bloated Agencies' });
    await expect(band.locator('dt')).toHaveText([
      'Years Combined Experience',
      'Client Retention Rate',
      'Revenue Generated',
      'Response Time',
    ]);
    await expect(band.locator('dd')).toHaveText(['40+', '95%', '$50M+', '24h']);
    await expect(band.getByRole('link', { name: 'More About Us' })).toHaveAttribute('href', '/about');
  });

  test('contact section (#contact) holds the contact form of the contact remote', async ({ page }) => {
    await openPage(page, '/');
    const section = page.locator('section#contact');
    await expect(section.getByRole('heading', { name: 'Ready to Grow?' })).toBeVisible();
    const form = section.getByRole('form', { name: 'Contact form' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: /Get Your Free Strategy Session/ }).click();
    await expect(form.getByText('First name is required')).toBeVisible();
  });
});

test.describe('about', () => {
  test('shows the hero, four stats, story, four values, expertise and the call to action', async ({
    page,
  }) => {
    await openPage(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Senior Expertise. Zero Bloat.');
    const stats = page.getByTestId('about-stats');
    await expect(stats.locator('dd')).toHaveText(['40+', '150+', '95%', '$50M+']);
    await expect(stats.locator('dt')).toHaveText([
      'Years Combined Experience',
      'Successful Projects',
      'Client Retention Rate',
      'Revenue Generated',
    ]);
    await expect(page.getByText('Our Story', { exact: true })).toBeVisible();
    await expect(page.getByTestId('values').getByRole('heading', { level: 3 })).toHaveText([
      'Results-Driven',
      'Direct Access',
      'Data-Informed',
      'Efficient Execution',
    ]);
    await expect(page.getByRole('heading', { name: 'Senior People on Every Account' })).toBeVisible();
    const cta = page.getByRole('region', { name: 'Ready to Work With Senior Experts?' });
    await expect(cta.getByRole('link', { name: 'Start a Conversation' })).toHaveAttribute('href', '/contact');
    await expect(cta.getByRole('link', { name: 'View Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
    await expectOrderedHeadings(page);
  });
});

test.describe('services overview', () => {
  test('hero button, six cards with 5 included items, proven results and Learn More links', async ({
    page,
  }) => {
    await openPage(page, '/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discuss Your Needs' })).toHaveAttribute('href', '/contact');
    const cards = page.getByTestId('service-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(SERVICES.map((s) => s.title));
    for (let i = 0; i < SERVICES.length; i++) {
      const card = cards.nth(i);
      await expect(card.getByTestId('included').locator('li')).toHaveCount(5);
      await expect(card.getByText(/^Proven results: .+/)).toBeVisible();
      await expect(card.getByRole('link', { name: /^Learn More/ })).toHaveAttribute(
        'href',
        `/services/${SERVICES[i]!.slug}`,
      );
    }
    await expectOrderedHeadings(page);
  });

  test('four-step approach and the call to action', async ({ page }) => {
    await openPage(page, '/services');
    const approach = page.getByRole('region', { name: 'How Every Engagement Runs' });
    await expect(approach.getByRole('heading', { level: 3 })).toHaveText(
      APPROACH.map((s, i) => `Step ${i + 1}: ${s}`),
    );
    const cta = page.getByRole('region', { name: 'Not Sure Which Service You Need?' });
    await expect(cta.getByRole('link', { name: 'Get Your Free Strategy Session' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(cta.getByRole('link', { name: 'View Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
  });

  test('Learn More opens the service page', async ({ page }) => {
    await openPage(page, '/services');
    await page.getByRole('link', { name: 'Learn More about Shopify E-commerce' }).click();
    await expect(page).toHaveURL(/\/services\/shopify$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopify E-commerce');
  });
});

test.describe('service detail', () => {
  for (const service of SERVICES) {
    test(`/services/${service.slug} shows every section with its buttons`, async ({ page }) => {
      await openPage(page, `/services/${service.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.title);
      const hero = page.locator('main > section').first();
      await expect(hero).toHaveClass(new RegExp(`visual-${service.visual}`));
      expect(await hero.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
      await expect(hero.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/contact');
      await expect(hero.getByRole('link', { name: 'View Results' })).toHaveAttribute('href', '/case-studies');
      await expect(page.getByRole('heading', { name: 'Proven Results' })).toBeVisible();
      await expect(page.getByTestId('benefits').locator('li')).toHaveCount(4);
      await expect(page.getByRole('heading', { name: "What's Included" })).toBeVisible();
      const features = page.getByTestId('features').locator('li');
      await expect(features).toHaveCount(5);
      for (const f of await features.all()) {
        await expect(f.getByRole('heading', { level: 3 })).not.toBeEmpty();
        await expect(f.locator('p')).not.toBeEmpty();
      }
      const steps = page.getByTestId('process').locator('li');
      await expect(steps).toHaveCount(4);
      await expect(steps.first()).toContainText('1');
      await expect(page.locator('main blockquote')).toHaveCount(1);
      await expect(page.locator('main figcaption')).not.toBeEmpty();
      await expect(page.getByRole('link', { name: 'Get Your Free Strategy Session' })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(page.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
        'href',
        '/services',
      );
      await expectOrderedHeadings(page);
    });
  }

  test('an unknown slug shows Service Not Found with a link to /services', async ({ page }) => {
    await openPage(page, '/services/not-a-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    await expect(page.getByText("The service you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'View All Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByTestId('service-card')).toHaveCount(6);
  });
});
