import http from 'node:http';
import { readEnv } from './env';
import { createLogger } from './logger';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed';
import { createApp } from './app';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL);

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
if (env.SEED) await seedDatabase(database.db, log);
const app = createApp({ env, database, log });

// "localhost" answers on both loopback families, so http://localhost:3000 works whichever one a client tries first.
const hosts = env.HOST === 'localhost' ? ['127.0.0.1', '::1'] : [env.HOST];
const servers: http.Server[] = [];
for (const [i, host] of hosts.entries()) {
  const server = http.createServer(app);
  server.keepAliveTimeout = 5000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, host, () => resolve());
    });
    servers.push(server);
  } catch (err) {
    // A machine without IPv6 loopback still serves on 127.0.0.1.
    if (i === 0) throw err;
  }
}
log.info({ port: env.PORT, database: database.kind }, `Site ready on http://localhost:${env.PORT}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining in-flight requests');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
        }),
    ),
  );
  await database.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
