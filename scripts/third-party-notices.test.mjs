// THIRD_PARTY_NOTICES.md: generated from the lock, checked by `npm run lint`; here, that it says what
// the copyleft and font licences ask of us, and that the check notices a stale file.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url).pathname;
const notices = () => readFileSync(`${root}THIRD_PARTY_NOTICES.md`, 'utf8');

describe('third-party notices', () => {
  it('are current with the lock', () => {
    const out = execFileSync('node', ['scripts/third-party-notices.mjs', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(out).toMatch(/up to date \(\d+ packages\)/);
  });

  it('name libvips (LGPL), satori (MPL) and the Inter font (OFL) with the texts their licences require', () => {
    const text = notices();
    expect(text).toMatch(/\| @img\/sharp-libvips-linux-x64 \| [\d.]+ \| LGPL-3\.0-or-later \|/);
    expect(text).toMatch(/\| satori \| [\d.]+ \| MPL-2\.0 \|/);
    expect(text).toMatch(/\| @fontsource\/inter \| [\d.]+ \| OFL-1\.1 \|/);
    expect(text).toContain('SIL OPEN FONT LICENSE');
    expect(text).toContain('Mozilla Public License');
    expect(readFileSync(`${root}licenses/LGPL-3.0.txt`, 'utf8')).toContain(
      'GNU LESSER GENERAL PUBLIC LICENSE',
    );
  });

  it('the check fails on a file that differs from what the lock says', () => {
    const res = spawnSync(
      'node',
      [
        '-e',
        `
      const fs = require('node:fs');
      const real = fs.readFileSync;
      fs.readFileSync = (p, ...a) => String(p).endsWith('THIRD_PARTY_NOTICES.md') ? 'stale' : real(p, ...a);
      require('node:module').syncBuiltinESMExports();
      process.argv.push('--check');
      import('./scripts/third-party-notices.mjs');
    `,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('out of date');
  });
});
