// Writes .br (quality 11) and .gz (level 9) beside every compressible build file, once, at build time,
// so the server never spends CPU compressing static files per request and browsers get the smallest bytes.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

export function precompressDir(dir) {
  let before = 0;
  let after = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const s = statSync(full);
      // The server build is read from disk by Node, never sent to browsers.
      if (s.isDirectory()) {
        if (!(d === dir && name === 'server')) walk(full);
      } else if (COMPRESSIBLE.test(name) && s.size >= 512) {
        const buf = readFileSync(full);
        const br = brotliCompressSync(buf, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
        });
        writeFileSync(`${full}.br`, br);
        writeFileSync(`${full}.gz`, gzipSync(buf, { level: 9 }));
        before += buf.length;
        after += br.length;
      }
    }
  };
  walk(dir);
  return { before, after };
}
