// A crawler's first visit to a cold instance (issue 43): every address of the sitemap, 8 at a time,
// straight after start (nothing cached), each page checked for its main heading in the server's HTML
// (an empty region, left to the browser, has none). Prints how many pages had it and the latencies.
// Run alone: `node --import tsx scripts/bench-crawl.mjs [--entry api/dist/server.js] [--concurrency 8]`
// after `npm run build`.
import { argOf as arg, startSite } from './bench-server.mjs';

/** The server's HTML of a page names its main heading: an `<h1>` inside `#root`'s markup. */
const hasMainHeading = (html) => {
  const root = html.indexOf('id="root"');
  return root >= 0 && /<h1[\s>]/i.test(html.slice(root));
};

export async function benchCrawl({ entry = 'api/dist/server.js', concurrency = 8 } = {}) {
  const site = await startSite({ entry });
  try {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const results = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const path = paths[next++];
          const t0 = performance.now();
          const res = await fetch(`${site.url}${path}`);
          const html = await res.text();
          results.push({
            path,
            status: res.status,
            ms: performance.now() - t0,
            heading: hasMainHeading(html),
            cache: res.headers.get('x-cache') ?? '',
          });
        }
      }),
    );
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      pages: results.length,
      withHeading: results.filter((r) => r.heading && r.status === 200).length,
      without: results.filter((r) => !r.heading || r.status !== 200).map((r) => `${r.path} (${r.status})`),
      p50: Math.round(ms[Math.floor(ms.length / 2)] ?? 0),
      max: Math.round(ms.at(-1) ?? 0),
      totalMs: Math.round(performance.now() - started),
      concurrency,
    };
  } finally {
    await site.stop();
  }
}

export function printCrawl(r) {
  console.log(`\n## Cold crawl of the sitemap (${r.concurrency} at a time, fresh instance)`);
  console.log('| pages | with their main heading (200) | p50 ms | slowest ms | all in ms |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(`| ${r.pages} | ${r.withHeading} | ${r.p50} | ${r.max} | ${r.totalMs} |`);
  if (r.without.length) console.log(`Without: ${r.without.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printCrawl(
    await benchCrawl({
      entry: arg('--entry', 'api/dist/server.js'),
      concurrency: Number(arg('--concurrency', '8')),
    }),
  );
}
