import { expect, test, type Page } from '@playwright/test';
import { storedLeads } from '../support/cms';
import { uniqueEmail } from '../support/site';

/** The line beside the success texts asking to confirm from the inbox (double opt-in). */
const NEWSLETTER_CONFIRM_PROMPT = 'Please confirm your subscription from the e-mail we just sent you.';

/**
 * Issue 23: every visitor action works from the server's HTML, before and without JavaScript. These
 * tests run with JavaScript off: the forms post as HTML forms, the server validates and stores, and
 * the page it redirects back to shows the outcome. What a visitor typed never appears in a URL.
 */
test.use({ javaScriptEnabled: false });

/** Every URL the page requests (navigations, redirects, subresources), to check none carries input. */
function watchUrls(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return {
    urls,
    expectNone(values: string[]) {
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const decoded = decodeURIComponent(url).toLowerCase();
        for (const v of values) expect(decoded, `${url} carries "${v}"`).not.toContain(v.toLowerCase());
      }
    },
  };
}

const SPEC_MESSAGES = [
  'First name is required',
  'Last name is required',
  'Valid business email is required',
  'Company name is required',
  'Please select a budget range',
  'Please provide more details about your goals',
];

test.describe('contact form without JavaScript', () => {
  test('the submit button works from the HTML (not disabled) and every input has a type', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form.getByRole('button', { name: /Get Your Free Strategy Session/ })).toBeEnabled();
    const untyped = await page.locator('input:not([type])').count();
    expect(untyped).toBe(0);
  });

  test('an empty submit: every spec message beside its field', async ({ page }) => {
    await page.goto('/contact');
    await page
      .getByRole('form', { name: 'Contact form' })
      .getByRole('button', { name: /Get Your Free/ })
      .click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    const form = page.getByRole('form', { name: 'Contact form' });
    for (const message of SPEC_MESSAGES) await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('invalid input: the messages, with what was typed kept in every field', async ({ page }) => {
    const watch = watchUrls(page);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Business Email').fill('ada-at-engines');
    await form.getByLabel('Company').fill('Analytical Engines');
    await form.getByLabel('Monthly Budget').selectOption('50k-100k');
    await form.getByLabel('Your Goals').fill('Too short');
    await form.getByRole('button', { name: /Get Your Free Strategy Session/ }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    const sent = page.getByRole('form', { name: 'Contact form' });
    await expect(sent.getByText('Valid business email is required')).toBeVisible();
    await expect(sent.getByText('Please provide more details about your goals')).toBeVisible();
    await expect(sent.getByText('First name is required')).toHaveCount(0);
    await expect(sent.getByLabel('First Name')).toHaveValue('Ada');
    await expect(sent.getByLabel('Last Name')).toHaveValue('Lovelace');
    await expect(sent.getByLabel('Business Email')).toHaveValue('ada-at-engines');
    await expect(sent.getByLabel('Company')).toHaveValue('Analytical Engines');
    await expect(sent.getByLabel('Monthly Budget')).toHaveValue('50k-100k');
    await expect(sent.getByLabel('Your Goals')).toHaveValue('Too short');
    watch.expectNone(['Lovelace', 'ada-at-engines', 'Analytical', 'Too short']);
  });

  test('sends on /contact: Thank You!, stored once even when the page is reloaded', async ({
    page,
    baseURL,
  }) => {
    const watch = watchUrls(page);
    const email = uniqueEmail('nojs');
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('First Name').fill('Katherine');
    await form.getByLabel('Last Name').fill('Johnson');
    await form.getByLabel('Business Email').fill(email);
    await form.getByLabel('Company').fill('Orbital Mechanics');
    await form.getByLabel('Monthly Budget').selectOption('25k-50k');
    await form.getByLabel('Your Goals').fill('Reach engineering leaders through organic search');
    await form.getByRole('button', { name: /Get Your Free Strategy Session/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(
      page.getByText(/contact you within 24 hours to schedule your free consultation/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    // Reloading the answer shows the blank form again; nothing is sent or stored twice.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('First Name')).toHaveValue('');
    const rows = await storedLeads(baseURL, 'contacts', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson', email, budget: '25k-50k' });
    watch.expectNone(['Katherine', 'Johnson', email, 'Orbital', 'engineering leaders']);
  });

  test("sends from home's #contact section and comes back to it", async ({ page, baseURL }) => {
    const email = uniqueEmail('home-nojs');
    await page.goto('/#contact');
    const form = page.locator('#contact').getByRole('form', { name: 'Contact form' });
    await form.getByLabel('First Name').fill('Mary');
    await form.getByLabel('Last Name').fill('Jackson');
    await form.getByLabel('Business Email').fill(email);
    await form.getByLabel('Company').fill('Wind Tunnel Co');
    await form.getByLabel('Monthly Budget').selectOption('100k+');
    await form.getByLabel('Your Goals').fill('Grow qualified pipeline from search by a third');
    await form.getByRole('button', { name: /Get Your Free Strategy Session/ }).click();
    await expect(page).toHaveURL(/\/#contact-form$/);
    await expect(page.locator('#contact').getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    // 'Send Another Message' works without JavaScript too: the page again, with a blank form.
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page).toHaveURL(/\/\?form=contact#contact-form$/);
    await expect(page.locator('#contact').getByLabel('First Name')).toHaveValue('');
    await expect(page.locator('#contact').getByLabel('Monthly Budget')).toHaveValue('');
    expect(await storedLeads(baseURL, 'contacts', email)).toHaveLength(1);
  });
});

test.describe('newsletter without JavaScript', () => {
  test('subscribes: Successfully subscribed! in the footer of the same page, stored', async ({
    page,
    baseURL,
  }) => {
    const watch = watchUrls(page);
    const email = uniqueEmail('news-nojs');
    await page.goto('/about');
    const band = page.locator('#newsletter');
    await expect(band.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await band.getByLabel('Email address').fill(email);
    await band.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/about#newsletter$/);
    await expect(page.locator('#newsletter').getByText('Successfully subscribed!')).toBeVisible();
    await expect(page.locator('#newsletter').getByText(NEWSLETTER_CONFIRM_PROMPT)).toBeVisible();
    expect(await storedLeads(baseURL, 'newsletter', email)).toEqual([
      expect.objectContaining({ email, subscription: 'pending' }),
    ]);
    watch.expectNone([email]);
  });

  test('an invalid address: the spec message, the address kept', async ({ page }) => {
    await page.goto('/contact');
    const band = page.locator('#newsletter');
    await band.getByLabel('Email address').fill('not-an-email');
    await band.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/contact#newsletter$/);
    await expect(page.locator('#newsletter').getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.locator('#newsletter').getByLabel('Email address')).toHaveValue('not-an-email');
  });

  // 'already subscribed' is for a confirmed address (api/src/forms/form-posts.test.ts); one awaiting
  // confirmation may sign up again (its confirmation e-mail is resent at most hourly).
  test('an address awaiting confirmation signs up again: success again, one subscription', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('dup-nojs');
    await page.goto('/');
    await page.locator('#newsletter').getByLabel('Email address').fill(email);
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#newsletter').getByText('Successfully subscribed!')).toBeVisible();
    await page.goto('/blog');
    await page.locator('#newsletter').getByLabel('Email address').fill(email.toUpperCase());
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/blog#newsletter$/);
    await expect(page.locator('#newsletter').getByText('Successfully subscribed!')).toBeVisible();
    expect(await storedLeads(baseURL, 'newsletter', email)).toHaveLength(1);
  });
});

test.describe('gated download without JavaScript', () => {
  test("'Get Free Access' leads to the resource's lead form; sending it stores the lead and delivers the file", async ({
    page,
  }) => {
    const watch = watchUrls(page);
    const title = 'Paid Media Benchmarks Report 2025';
    const email = uniqueEmail('lead-nojs');
    await page.goto('/resources');
    const card = page.getByTestId('resource-card').filter({ hasText: title });
    await card.getByRole('button', { name: /Get Free Access/ }).click();
    await expect(page).toHaveURL(/\/resources\/\d+\/access$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get Free Access' })).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    const form = page.getByRole('form', { name: 'Get free access' });
    await form.getByLabel('Email').fill('grace@');
    await form.getByRole('button', { name: 'Get Instant Access' }).click();
    const again = page.getByRole('form', { name: 'Get free access' });
    await expect(again.getByText('Please enter your name')).toBeVisible();
    await expect(again.getByText('Please enter a valid email address')).toBeVisible();
    await expect(again.getByLabel('Email')).toHaveValue('grace@');

    await again.getByLabel('Name').fill('Grace Hopper');
    await again.getByLabel('Email').fill(email);
    await again.getByRole('button', { name: 'Get Instant Access' }).click();
    await expect(page.getByText('Your download is ready')).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download ${title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('paid-media-benchmarks-2025.pdf');
    const chunks: Buffer[] = [];
    for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    watch.expectNone(['Grace Hopper', email, 'grace@']);
  });
});

test.describe('no dead controls without JavaScript', () => {
  test("a blog post's Share button is not shown until it works", async ({ page }) => {
    await page.goto('/blog');
    const first = page.locator('main a[href^="/blog/"]').first();
    await page.goto((await first.getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toBeHidden();
  });

  test('the CMS, which needs JavaScript, says so instead of showing a blank page', async ({ page }) => {
    await page.goto('/cms');
    await expect(page.getByRole('alert')).toHaveText(
      'The content management screen needs JavaScript. Turn it on for this site, then reload the page.',
    );
  });
});
