#!/usr/bin/env node
// npm run bench:load: 60 s of mixed reads and writes at 100 connections on loopback (autocannon),
// then checks that the stored rows equal the acknowledged writes. Flags: --duration <s>.
import autocannon from 'autocannon';
import { startSite } from './bench-server.mjs';

const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 60;
const site = await startSite({ port: 3740 });
const runId = Date.now().toString(36);
let contactN = 0;
let newsletterN = 0;
const acked = { contact: 0, newsletter: 0 };

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
          onResponse: (status) => {
            if (status === 201) acked.contact++;
          },
        },
        {
          method: 'POST',
          path: '/api/newsletter',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ email: `load.${runId}.${newsletterN++}@example.com` }),
          }),
          onResponse: (status) => {
            if (status === 201) acked.newsletter++;
          },
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
const storedContacts = (
  await database.db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(like(contactRequests.company, `Load ${runId}`))
).length;
const storedNewsletter = (
  await database.db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(like(newsletterSubscriptions.email, `load.${runId}.%`))
).length;
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
// Writes still in flight when the run stops may be stored without their answer being counted, so
// nothing is lost when stored >= acknowledged, and the surplus is at most the open connections.
const check = (name, ack, stored) => {
  const ok = stored >= ack && stored - ack <= 100;
  console.log(
    `${name}: ${ack} acknowledged, ${stored} stored (${stored - ack} answered after the run stopped)`,
  );
  return ok;
};
const contactsOk = check('contacts', acked.contact, storedContacts);
const newsletterOk = check('newsletter', acked.newsletter, storedNewsletter);
const ok = fivexx === 0 && contactsOk && newsletterOk;
console.log(ok ? 'OK: no 5xx, nothing lost' : 'FAIL: 5xx answers or lost writes');
process.exit(ok ? 0 : 1);
