#!/usr/bin/env node
// npm run bench:load: 60 s of mixed reads and writes at 100 connections on loopback (autocannon),
// then checks that every acknowledged write is stored. Flags: --duration <s>, --port <n> (default 3740).
import autocannon from 'autocannon';
import { startSite } from './bench-server.mjs';

const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 60;
const portArg = process.argv.indexOf('--port');
const site = await startSite({ port: portArg > 0 ? Number(process.argv[portArg + 1]) : 3740 });
const runId = Date.now().toString(36);
let contactN = 0;
let newsletterN = 0;
/**
 * Acknowledged writes, each tied to its own answer: a contact's 201 carries the stored row's id, a
 * subscription's its e-mail. Classifying the answer by what it says (not by which request autocannon
 * thinks it answers) stays right after connection errors, when autocannon's per-connection request
 * cycle no longer lines up with the answers. (An answer attributed to a read is simply not counted:
 * the check below only asks that every counted acknowledgement is stored, so that errs safe.)
 */
const acked = { contact: new Set(), newsletter: new Set() };
const recordAnswer = (status, body) => {
  if (status !== 201 || !body) return;
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  if (typeof parsed?.id === 'number' && parsed.id > 0) acked.contact.add(parsed.id);
  else if (typeof parsed?.email === 'string' && parsed.email.startsWith(`load.${runId}.`))
    acked.newsletter.add(parsed.email.toLowerCase());
};

const contactBody = () =>
  JSON.stringify({
    firstName: 'Load',
    lastName: `Test ${contactN++}`,
    email: `load.${runId}.${contactN}@example.com`,
    company: `Load ${runId}`,
    budget: '50k-100k',
    goals: 'Sustained load with nothing lost',
  });

const posts = await fetch(`${site.url}/api/blog-posts?published=true`).then((r) => r.json());
const postSlug = posts[0]?.slug ?? 'missing';

const result = await new Promise((resolve, reject) => {
  const instance = autocannon(
    {
      url: site.url,
      connections: 100,
      duration,
      requests: [
        { method: 'GET', path: '/' },
        { method: 'GET', path: '/api/services?published=true' },
        { method: 'GET', path: '/api/blog-posts?published=true' },
        { method: 'GET', path: `/api/blog-posts/${postSlug}` },
        { method: 'GET', path: '/api/case-studies?published=true' },
        { method: 'GET', path: '/api/testimonials?published=true' },
        {
          method: 'POST',
          path: '/api/contacts',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: contactBody() }),
          onResponse: recordAnswer,
        },
        {
          method: 'POST',
          path: '/api/newsletter',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ email: `load.${runId}.${newsletterN++}@example.com` }),
          }),
          onResponse: recordAnswer,
        },
      ],
    },
    (err, res) => (err ? reject(err) : resolve(res)),
  );
  autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
});

await site.stop();
const { openDatabase } = await import('../api/src/db/client.ts');
const { contactRequests, newsletterSubscriptions } = await import('../api/src/db/schema.ts');
const { like } = await import('drizzle-orm');
const database = await openDatabase({ dataDir: site.dataDir });
const storedContacts = new Set(
  (
    await database.db
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(like(contactRequests.company, `Load ${runId}`))
  ).map((r) => r.id),
);
const storedNewsletter = new Set(
  (
    await database.db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(like(newsletterSubscriptions.email, `load.${runId}.%`))
  ).map((r) => r.email.toLowerCase()),
);
await database.close();

const fivexx = result['5xx'] ?? 0;
console.log(
  `\nLoad: ${duration} s, 100 connections, mixed reads (6 routes) and writes (contact, newsletter)`,
);
console.log('| req/s | p50 ms | p90 ms | p99 ms | max ms | 2xx | non-2xx | 5xx | errors+timeouts |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p90} | ${result.latency.p99} | ${result.latency.max} | ${result['2xx']} | ${result.non2xx} | ${fivexx} | ${result.errors + result.timeouts} |`,
);
// Every acknowledged write must be stored, by its own id or e-mail. Stored rows without an answer
// (in flight when the run stopped, or answered on a connection that then failed) are not losses.
const check = (name, ack, stored) => {
  const lost = [...ack].filter((key) => !stored.has(key));
  console.log(
    `${name}: ${ack.size} acknowledged, ${stored.size} stored, ${lost.length} acknowledged but not stored` +
      (lost.length ? ` (e.g. ${lost.slice(0, 5).join(', ')})` : ''),
  );
  return lost.length === 0;
};
const contactsOk = check('contacts', acked.contact, storedContacts);
const newsletterOk = check('newsletter', acked.newsletter, storedNewsletter);
const ok = fivexx === 0 && contactsOk && newsletterOk;
console.log(ok ? 'OK: no 5xx, nothing lost' : 'FAIL: 5xx answers or lost writes');
process.exit(ok ? 0 : 1);
