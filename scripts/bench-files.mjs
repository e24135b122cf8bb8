#!/usr/bin/env node
// npm run bench:files: upload and download throughput of a 5 MB image through the real server's
// database store (PGlite; and PostgreSQL when DATABASE_URL is set, in a scratch database it drops
// afterwards), beside the disk store uploads used before (multer to a file, express.static back),
// reproduced here in a process of its own. Flags: --uploads <n> --downloads <n> --parallel <n>.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite } from './bench-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const UPLOADS = arg('uploads', 10);
const DOWNLOADS = arg('downloads', 20);
const PARALLEL = arg('parallel', 4);
const SIZE = 5 * 1024 * 1024;
const PASSWORD = `bench-files-${process.pid}`;

/** The disk store as it was: multer in memory, a file written under a random name, express.static. */
async function serveDiskStore(port, dir) {
  const { default: express } = await import('express');
  const { default: multer } = await import('multer');
  const app = express();
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: SIZE, files: 1 } }).single(
    'image',
  );
  app.post('/api/admin/upload', upload, async (req, res) => {
    const name = `${randomBytes(16).toString('hex')}.png`;
    await writeFile(path.join(dir, name), req.file.buffer, { flag: 'wx' });
    res.status(201).json({ url: `/uploads/${name}` });
  });
  app.use(
    '/uploads',
    express.static(dir, {
      index: false,
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
  app.listen(port, '127.0.0.1', () => console.log('ready'));
}

async function startDiskStore(port) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-disk-'));
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--disk-server', String(port), dir],
    {
      cwd: path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'api'),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    headers: {},
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startDatabaseStore(port, env) {
  const site = await startSite({ port, env: { ADMIN_PASSWORD: PASSWORD, ...env } });
  const origin = site.url;
  const login = await fetch(`${site.url}/api/admin/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  return { ...site, headers: { Cookie: cookie, Origin: origin } };
}

/** Resident memory of a process (Linux), now (VmRSS) or at its peak (VmHWM), in MB. */
const memoryMb = (pid, field) => {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbPerS = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(0);

async function measure(store) {
  const image = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    randomBytes(SIZE - 8),
  ]);
  const upload = async () => {
    const form = new FormData();
    form.append('image', new Blob([image]), 'bench.png');
    const res = await fetch(`${store.url}/api/admin/upload`, {
      method: 'POST',
      headers: store.headers,
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    return (await res.json()).url;
  };
  const download = async (url) => {
    const res = await fetch(`${store.url}${url}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.length !== SIZE) throw new Error(`download answered ${res.status}`);
  };
  const timed = async (fn) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };

  const url = await upload(); // warm-up
  await download(url);
  const rssBefore = memoryMb(store.child.pid, 'VmRSS');
  const uploadMs = [];
  for (let i = 0; i < UPLOADS; i++) uploadMs.push(await timed(upload));
  const downloadMs = [];
  for (let i = 0; i < DOWNLOADS; i++) downloadMs.push(await timed(() => download(url)));
  const parallelMs = await timed(() =>
    Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let i = 0; i < DOWNLOADS / PARALLEL; i++) await download(url);
      }),
    ),
  );
  return {
    upload: `${median(uploadMs).toFixed(0)} ms (${mbPerS(SIZE, median(uploadMs))} MB/s)`,
    download: `${median(downloadMs).toFixed(0)} ms (${mbPerS(SIZE, median(downloadMs))} MB/s)`,
    parallel: `${mbPerS(SIZE * PARALLEL * Math.floor(DOWNLOADS / PARALLEL), parallelMs)} MB/s`,
    memory: `${rssBefore} → ${memoryMb(store.child.pid, 'VmHWM')} MB`,
  };
}

/** A scratch database on the server DATABASE_URL names, dropped afterwards. */
async function scratchDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `bench_files_${process.pid}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const rows = [];
  const run = async (label, start) => {
    const store = await start();
    try {
      rows.push({ label, ...(await measure(store)) });
    } finally {
      await store.stop();
    }
  };
  await run('disk (before)', () => startDiskStore(3791));
  await run('database: PGlite', () => startDatabaseStore(3792, {}));
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL);
    try {
      await run('database: PostgreSQL', () => startDatabaseStore(3793, { DATABASE_URL: scratch.url }));
    } finally {
      await scratch.drop();
    }
  }
  console.log(
    `\n5 MB image, median of ${UPLOADS} uploads and ${DOWNLOADS} downloads one at a time, ` +
      `then ${PARALLEL} downloading at once; the server's resident memory after the warm-up and at its peak.\n`,
  );
  console.log('| store | upload | download | downloads in parallel | server memory |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(`| ${r.label} | ${r.upload} | ${r.download} | ${r.parallel} | ${r.memory} |`);
}

if (process.argv[2] === '--disk-server') {
  await serveDiskStore(Number(process.argv[3]), process.argv[4]);
} else {
  await main();
}
