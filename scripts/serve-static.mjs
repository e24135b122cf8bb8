#!/usr/bin/env node
// Serves a built remote from its own origin (as a CDN or a team's static host would), with the CORS
// headers a shell on another origin needs. Usage: node scripts/serve-static.mjs <dir> <port> [host]
import express from 'express';

const [dir, port = '4000', host = '127.0.0.1'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: serve-static.mjs <dir> <port> [host]');
  process.exit(2);
}
const app = express();
app.disable('x-powered-by');
app.use((_req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', process.env.ALLOW_ORIGIN ?? '*');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
});
app.use(
  express.static(dir, {
    setHeaders: (res, file) =>
      res.setHeader(
        'Cache-Control',
        /remoteEntry\.js$/.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
      ),
  }),
);
app.listen(Number(port), host, () => console.log(`serving ${dir} on http://${host}:${port}`));
