import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  ContactMessages,
  FORM_FAILED_MESSAGES,
  NewsletterMessages,
  ResourceLeadMessages,
  type FormOutcome,
} from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInSite, writeFiles } from '../test-support/stand-in-site';
import { TOO_MANY_REQUESTS } from '../http/rate-limit';
import {
  contactRequests,
  formFlashes,
  newsletterSubscriptions,
  resourceLeads,
  resources,
} from '../db/schema';
import { capturedLog } from '../test-support/captured-log';
import { createApp } from '../app';
import { FLASH_COOKIE } from './form-flash';

/**
 * A shell server build that prints the form outcome the page renderer hands it, so the tests
 * read the outcome the real forms render (mf-contact's and mf-content's e2e show the forms themselves).
 */
const OUTCOME_SHELL = `export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
export async function render(req) {
  const outcome = req.formOutcome ?? null;
  return {
    html: '<main><script type="application/json" id="outcome">' + JSON.stringify(outcome).replace(/</g, '\\\\u003c') + '</script></main>',
    // It stands in for every region, so the page counts as whole (and is cached) like a real render.
    state: {}, rendered: ['mf_marketing', 'mf_content', 'mf_contact'], leftToBrowser: [], problems: [],
  };
}`;

function outcomeSite() {
  const site = standInSite('form-posts');
  writeFiles(site, { 'shell/dist/server/entry-server.js': OUTCOME_SHELL });
  return site;
}

const ORIGIN = 'http://site.test';

const contact = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace.hopper@cobol.example',
  company: 'Compiler Works Inc',
  budget: '25k-50k',
  goals: 'Make our documentation findable by search engines',
};

/** What the page's server render got as the form outcome (null: none). */
function outcomeOf(html: string): FormOutcome | null {
  const m = /<script type="application\/json" id="outcome">(.*?)<\/script>/s.exec(html);
  expect(m, 'the stand-in shell rendered the page').toBeTruthy();
  return JSON.parse(m![1]!) as FormOutcome | null;
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

async function gatedResourceId(t: TestApp): Promise<number> {
  const [gated] = await t.db.select().from(resources).where(eq(resources.gated, true)).limit(1);
  return gated!.id;
}

async function newApp(opts: { rateLimitScale?: number } = {}) {
  const captured = capturedLog('debug');
  const t = await createTestApp({
    seed: true,
    log: captured.log,
    env: {
      SITE_ROOT: outcomeSite(),
      PUBLIC_URL: ORIGIN,
      RATE_LIMIT_SCALE: opts.rateLimitScale ?? 1,
      LOG_LEVEL: 'debug',
    },
  });
  return { ...t, logText: captured.text };
}

describe('HTML form posts (no JavaScript): contact', () => {
  let t: TestApp & { logText: () => string };
  beforeAll(async () => {
    t = await newApp();
  });
  afterAll(() => t.close());

  it('stores a urlencoded contact form, answers 303 back to the form and thanks on the next page', async () => {
    // The page is in the page cache for everyone...
    await request(t.app).get('/contact').expect(200);
    expect((await request(t.app).get('/contact').expect(200)).headers['x-cache']).toBe('HIT');
    const agent = request.agent(t.app);
    const res = await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...contact, website: '', from: '/contact' })
      .expect(303);
    expect(res.headers['location']).toBe('/contact#contact-form');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^form_flash=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, contact.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(contact);

    // ...but the page that shows this visitor's outcome is rendered for them alone, and not kept.
    const page = await agent.get('/contact').expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-cache']).toBeUndefined();
    expect(outcomeOf(page.text)).toEqual({ form: 'contact', status: 'success' });
    expect(String(page.headers['set-cookie'])).toMatch(/form_flash=;/);
    // Used up: the page shown again is the blank form.
    const again = await agent.get('/contact').expect(200);
    expect(outcomeOf(again.text)).toBeNull();
  });

  it('the same form sent again (refresh, back button) is thanked again and stored once', async () => {
    const agent = request.agent(t.app);
    const body = { ...contact, email: 'twice@cobol.example', from: '/' };
    for (let i = 0; i < 3; i++) {
      const res = await agent
        .post('/forms/contact')
        .set('Origin', ORIGIN)
        .type('form')
        .send(body)
        .expect(303);
      expect(res.headers['location']).toBe('/#contact-form');
      const page = await agent.get('/').expect(200);
      expect(outcomeOf(page.text)).toEqual({ form: 'contact', status: 'success' });
    }
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, body.email));
    expect(rows).toHaveLength(1);
  });

  it('invalid input: every spec message beside its field, the typed values kept, nothing stored', async () => {
    const before = await t.db.select().from(contactRequests);
    const agent = request.agent(t.app);
    const typed = { firstName: '', lastName: 'Hopper', email: 'not-an-address', company: '', goals: 'short' };
    const res = await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...typed, from: '/contact' })
      .expect(303);
    expect(res.headers['location']).toBe('/contact#contact-form');
    const outcome = outcomeOf((await agent.get('/contact').expect(200)).text);
    expect(outcome).toMatchObject({ form: 'contact', status: 'invalid' });
    expect(outcome?.errors).toEqual({
      firstName: ContactMessages.firstName,
      email: ContactMessages.email,
      company: ContactMessages.company,
      budget: ContactMessages.budget,
      goals: ContactMessages.goals,
    });
    expect(outcome?.values).toEqual({ ...typed, budget: '' });
    expect(await t.db.select().from(contactRequests)).toHaveLength(before.length);
  });

  it('a filled honeypot is answered like a success and stores nothing', async () => {
    const agent = request.agent(t.app);
    await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...contact, email: 'bot@spam.example', website: 'https://spam.example' })
      .expect(303);
    expect(outcomeOf((await agent.get('/contact')).text)).toEqual({ form: 'contact', status: 'success' });
    const rows = await t.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, 'bot@spam.example'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a cross-site post, and one that names no origin, storing nothing', async () => {
    const body = { ...contact, email: 'csrf@evil.example' };
    await request(t.app)
      .post('/forms/contact')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(body)
      .expect(403);
    await request(t.app)
      .post('/forms/contact')
      .set('Referer', 'https://evil.example/page')
      .type('form')
      .send(body)
      .expect(403);
    await request(t.app).post('/forms/contact').type('form').send(body).expect(403);
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('redirects only to a page of this site, never elsewhere, and never with what was typed', async () => {
    for (const from of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/contact?x=1',
      '/api/x/y/z',
    ]) {
      const res = await request(t.app)
        .post('/forms/contact')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ firstName: 'Zed', from })
        .expect(303);
      expect(res.headers['location']).toBe('/contact#contact-form');
    }
  });

  it('never writes what a visitor typed into a URL or a log line', async () => {
    const secret = {
      ...contact,
      firstName: 'Ottoline',
      email: 'ottoline.secret@private.example',
      goals: 'Confidential plans for a merger',
    };
    const agent = request.agent(t.app);
    const res = await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send(secret)
      .expect(303);
    await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...secret, email: 'bad' })
      .expect(303);
    await agent.get('/contact').expect(200);
    const logs = t.logText();
    expect(logs).toContain('/forms/contact');
    for (const value of [secret.firstName, 'ottoline.secret', 'merger']) {
      expect(res.headers['location']).not.toContain(value);
      expect(logs).not.toContain(value);
    }
  });
});

describe('HTML form posts (no JavaScript): newsletter', () => {
  let t: TestApp & { logText: () => string };
  beforeAll(async () => {
    t = await newApp();
  });
  afterAll(() => t.close());

  const subscribe = (agent: ReturnType<typeof request.agent>, email: string, from = '/blog') =>
    agent.post('/forms/newsletter').set('Origin', ORIGIN).type('form').send({ email, website: '', from });

  it('subscribes, redirects to the footer of the page it was sent from, and says so there; once only', async () => {
    const agent = request.agent(t.app);
    const res = await subscribe(agent, 'reader@news.example').expect(303);
    expect(res.headers['location']).toBe('/blog#newsletter');
    expect(outcomeOf((await agent.get('/blog').expect(200)).text)).toEqual({
      form: 'newsletter',
      status: 'success',
    });
    // Sent again (a refresh): the same answer, still one row.
    await subscribe(agent, 'reader@news.example').expect(303);
    expect(outcomeOf((await agent.get('/blog')).text)).toEqual({ form: 'newsletter', status: 'success' });
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader@news.example'));
    expect(rows).toHaveLength(1);
  });

  it('an invalid address: the spec message with the address kept', async () => {
    const agent = request.agent(t.app);
    await subscribe(agent, 'nope').expect(303);
    expect(outcomeOf((await agent.get('/blog')).text)).toEqual({
      form: 'newsletter',
      status: 'invalid',
      values: { email: 'nope' },
      errors: { email: NewsletterMessages.email },
    });
  });

  it('an address already subscribed (here through the JSON API, confirmed): "already subscribed", kept', async () => {
    await request(t.app).post('/api/newsletter').send({ email: 'known@news.example' }).expect(201);
    await t.db
      .update(newsletterSubscriptions)
      .set({ status: 'confirmed' })
      .where(eq(newsletterSubscriptions.email, 'known@news.example'));
    const agent = request.agent(t.app);
    await subscribe(agent, 'Known@news.example', '/').expect(303);
    expect(outcomeOf((await agent.get('/')).text)).toEqual({
      form: 'newsletter',
      status: 'refused',
      values: { email: 'Known@news.example' },
      errors: { email: ALREADY_SUBSCRIBED_MESSAGE },
    });
  });
});

describe('HTML form posts (no JavaScript): rate limits shared with the JSON API', () => {
  let t: TestApp & { logText: () => string };
  beforeAll(async () => {
    // 30 per window scaled down to 2.
    t = await newApp({ rateLimitScale: 2 / 30 });
  });
  afterAll(() => t.close());

  it('counts form posts and JSON calls together; a post over the limit keeps nothing and stores nothing', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({ ...contact, email: 'one@limit.example' })
      .expect(201);
    const agent = request.agent(t.app);
    await agent
      .post('/forms/contact')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...contact, email: 'two@limit.example' })
      .expect(303);
    expect(outcomeOf((await agent.get('/contact')).text)?.status).toBe('success');
    const outcomesBefore = (await t.db.select().from(formFlashes)).length;
    const third = { ...contact, email: 'three@limit.example' };
    await agent.post('/forms/contact').set('Origin', ORIGIN).type('form').send(third).expect(303);
    // Past the limit nothing typed is kept anywhere: the outcome is named in the cookie alone.
    expect(await t.db.select().from(formFlashes)).toHaveLength(outcomesBefore);
    expect(outcomeOf((await agent.get('/contact')).text)).toEqual({
      form: 'contact',
      status: 'refused',
      message: TOO_MANY_REQUESTS,
    });
    const rows = await t.db.select().from(contactRequests).where(eq(contactRequests.email, third.email));
    expect(rows).toHaveLength(0);
    await request(t.app)
      .post('/api/contacts')
      .send({ ...contact, email: 'four@limit.example' })
      .expect(429);
  });

  it('invalid posts count too (each keeps its outcome), unlike the JSON API whose refusals keep nothing', async () => {
    const agent = request.agent(t.app);
    await agent.post('/forms/newsletter').set('Origin', ORIGIN).type('form').send({ email: 'x' }).expect(303);
    expect(outcomeOf((await agent.get('/')).text)?.status).toBe('invalid');
    await agent.post('/forms/newsletter').set('Origin', ORIGIN).type('form').send({ email: 'y' }).expect(303);
    await agent
      .post('/forms/newsletter')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ email: 'ok@limit.example' })
      .expect(303);
    expect(outcomeOf((await agent.get('/')).text)).toEqual({
      form: 'newsletter',
      status: 'refused',
      message: TOO_MANY_REQUESTS,
    });
    expect(
      await t.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, 'ok@limit.example')),
    ).toHaveLength(0);
  });
});

describe('HTML form posts (no JavaScript): a stranger cannot fill the disk', () => {
  it('many invalid 80 KB posts from one client keep at most the limit of outcomes, each cut to the contract', async () => {
    const t = await newApp();
    try {
      const huge = 'x'.repeat(80_000);
      const posts = 3 * 30;
      const statuses: number[] = [];
      for (let i = 0; i < posts; i++) {
        const form = ['/forms/contact', '/forms/newsletter', `/resources/${await gatedResourceId(t)}/access`][
          i % 3
        ]!;
        const res = await request(t.app)
          .post(form)
          .set('Origin', ORIGIN)
          .type('form')
          // A bad address makes each one invalid; every other field is as long as the body allows.
          .send({
            firstName: huge.slice(0, 10_000),
            company: huge.slice(0, 10_000),
            goals: `\u0000${huge.slice(0, 30_000)}`,
            email: 'not-an-address',
            name: huge.slice(0, 29_000),
          });
        statuses.push(res.status);
      }
      expect(new Set(statuses)).toEqual(new Set([303]));
      const rows = await t.db.select().from(formFlashes);
      // 30 per form family per window (the limit), whatever was sent: ~90 kept instead of 90 x 80 KB.
      expect(rows.length).toBeLessThanOrEqual(90);
      const bytes = rows.reduce((n, r) => n + JSON.stringify(r.payload).length, 0);
      expect(bytes).toBeLessThan(90 * 6_500);
      for (const row of rows) {
        const values = (row.payload as unknown as FormOutcome).values ?? {};
        expect(values['goals'] ?? '').not.toContain('\u0000');
        expect((values['goals'] ?? '').length).toBeLessThanOrEqual(5000);
        expect((values['firstName'] ?? '').length).toBeLessThanOrEqual(100);
        expect((values['name'] ?? '').length).toBeLessThanOrEqual(120);
      }
      // Posts past the limit kept nothing at all: 60 more leave the table as it was.
      for (let i = 0; i < 60; i++)
        await request(t.app)
          .post('/forms/contact')
          .set('Origin', ORIGIN)
          .type('form')
          .send({ goals: huge, email: 'bad' })
          .expect(303);
      expect(await t.db.select().from(formFlashes)).toHaveLength(rows.length);
    } finally {
      await t.close();
    }
  });
});

describe('HTML form posts (no JavaScript): a store that fails', () => {
  it('is never thanked: the form comes back with its values and the failure text; the resend stores it once', async () => {
    const t = await newApp();
    try {
      const agent = request.agent(t.app);
      const sent = { ...contact, email: 'unlucky@fault.example' };
      // A real fault: the table the contact goes to is not there for a moment.
      await t.db.execute(sql`alter table contact_requests rename to contact_requests_away`);
      await agent.post('/forms/contact').set('Origin', ORIGIN).type('form').send(sent).expect(303);
      expect(outcomeOf((await agent.get('/contact')).text)).toEqual({
        form: 'contact',
        status: 'refused',
        values: sent,
        message: FORM_FAILED_MESSAGES.contact,
      });
      await t.db.execute(sql`alter table contact_requests_away rename to contact_requests`);
      const stored = () => t.db.select().from(contactRequests).where(eq(contactRequests.email, sent.email));
      expect(await stored()).toHaveLength(0);
      // The same form sent again (its claim went with the failed store): stored now, and thanked.
      await agent.post('/forms/contact').set('Origin', ORIGIN).type('form').send(sent).expect(303);
      expect(outcomeOf((await agent.get('/contact')).text)?.status).toBe('success');
      await agent.post('/forms/contact').set('Origin', ORIGIN).type('form').send(sent).expect(303);
      expect(outcomeOf((await agent.get('/contact')).text)?.status).toBe('success');
      expect(await stored()).toHaveLength(1);
      expect(t.logText()).toContain('form submission not stored');
    } finally {
      await t.close();
    }
  });

  it('a gated download whose lead cannot be stored hands out no link', async () => {
    const t = await newApp();
    try {
      const id = await gatedResourceId(t);
      const agent = request.agent(t.app);
      await t.db.execute(sql`alter table resource_leads rename to resource_leads_away`);
      await agent
        .post(`/resources/${id}/access`)
        .set('Origin', ORIGIN)
        .type('form')
        .send({ name: 'Lin', email: 'lin@fault.example' })
        .expect(303);
      const outcome = outcomeOf((await agent.get(`/resources/${id}/access`)).text);
      expect(outcome).toMatchObject({ status: 'refused', message: FORM_FAILED_MESSAGES['resource-lead'] });
      expect(outcome?.url).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('HTML form posts (no JavaScript): a gated download', () => {
  let t: TestApp & { logText: () => string };
  let gatedId: number;
  beforeAll(async () => {
    t = await newApp();
    const [gated] = await t.db.select().from(resources).where(eq(resources.gated, true)).limit(1);
    gatedId = gated!.id;
  });
  afterAll(() => t.close());

  it('stores the lead once and hands out the signed link on the access page', async () => {
    const agent = request.agent(t.app);
    const lead = { name: 'Lin Reader', email: 'lin@reader.example' };
    const res = await agent
      .post(`/resources/${gatedId}/access`)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ ...lead, website: '' })
      .expect(303);
    expect(res.headers['location']).toBe(`/resources/${gatedId}/access`);
    const page = await agent.get(`/resources/${gatedId}/access`).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const outcome = outcomeOf(page.text);
    expect(outcome).toMatchObject({ form: 'resource-lead', resourceId: gatedId, status: 'success' });
    expect(outcome?.url).toMatch(new RegExp(`^/api/resources/${gatedId}/download\\?token=`));
    // The signed link delivers (the JSON route's signer: same secret, same check).
    const file = await request(t.app).get(outcome!.url!).expect(200);
    expect(file.headers['content-disposition']).toMatch(/attachment/);
    // Without the token the same file is refused: the link is what delivers it.
    await request(t.app).get(`/api/resources/${gatedId}/download`).expect(403);
    // Sent again: no second lead.
    await agent
      .post(`/resources/${gatedId}/access`)
      .set('Origin', ORIGIN)
      .type('form')
      .send(lead)
      .expect(303);
    const rows = await t.db.select().from(resourceLeads).where(eq(resourceLeads.email, lead.email));
    expect(rows).toHaveLength(1);
  });

  it('invalid: the messages with the typed values, no lead', async () => {
    const agent = request.agent(t.app);
    await agent
      .post(`/resources/${gatedId}/access`)
      .set('Origin', ORIGIN)
      .type('form')
      .send({ name: '', email: 'lin@' })
      .expect(303);
    expect(outcomeOf((await agent.get(`/resources/${gatedId}/access`)).text)).toEqual({
      form: 'resource-lead',
      resourceId: gatedId,
      status: 'invalid',
      values: { name: '', email: 'lin@' },
      errors: { name: ResourceLeadMessages.name, email: ResourceLeadMessages.email },
    });
    const rows = await t.db.select().from(resourceLeads).where(eq(resourceLeads.email, 'lin@'));
    expect(rows).toHaveLength(0);
  });

  it('an unknown resource is a 404, and a cross-site post is refused', async () => {
    await request(t.app)
      .post('/resources/999999/access')
      .set('Origin', ORIGIN)
      .type('form')
      .send({ name: 'A', email: 'a@b.example' })
      .expect(404);
    await request(t.app)
      .post(`/resources/${gatedId}/access`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ name: 'A', email: 'a@b.example' })
      .expect(403);
  });
});

describe('HTML form posts (no JavaScript): a refused render', () => {
  it('a page answered 429 does not use up the outcome: the next render shows it', async () => {
    // RATE_LIMIT_SCALE 0.1: 30 uncached renders a minute per client.
    const t = await newApp({ rateLimitScale: 0.1 });
    try {
      const sent = await request(t.app)
        .post('/forms/newsletter')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ email: 'late@news.example', website: '', from: '/blog' })
        .expect(303);
      const cookie = ([] as string[])
        .concat(sent.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0]!)
        .find((c) => c.startsWith(`${FLASH_COOKIE}=`));
      expect(cookie).toBeDefined();
      let refused = false;
      for (let i = 0; i < 40 && !refused; i++)
        refused = (await request(t.app).get(`/no-such-page-${i}`)).status === 429;
      expect(refused).toBe(true);
      const page = await request(t.app).get('/blog').set('Cookie', cookie!).expect(429);
      expect(String(page.headers['set-cookie'] ?? '')).not.toContain(`${FLASH_COOKIE}=`);
      // Another instance (its own per-process render limit) renders the page with the outcome.
      const other = createApp({ env: t.env, database: t.database, log: capturedLog().log });
      const shown = await request(other).get('/blog').set('Cookie', cookie!).expect(200);
      expect(outcomeOf(shown.text)).toEqual({ form: 'newsletter', status: 'success' });
    } finally {
      await t.close();
    }
  });
});
