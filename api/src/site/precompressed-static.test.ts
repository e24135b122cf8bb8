import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { precompressedStatic } from './precompressed-static';

const SOURCE = `export const message = ${JSON.stringify('hello '.repeat(200))};\n`;

function app() {
  const root = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
  writeFileSync(path.join(root, 'app.js'), SOURCE);
  writeFileSync(path.join(root, 'app.js.br'), brotliCompressSync(SOURCE));
  writeFileSync(path.join(root, 'app.js.gz'), gzipSync(SOURCE));
  return express().use(precompressedStatic(root, () => {}));
}

describe('precompressed static files follow Accept-Encoding as Express negotiates it', () => {
  const site = app();
  it.each([
    ['gzip, deflate, br', 'br'], // a tie: ours is br, the smaller
    ['br, gzip', 'br'],
    ['BR', 'br'],
    ['*', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding: %s sends %s', async (header, encoding) => {
    const res = await request(site).get('/app.js').set('Accept-Encoding', header).expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    // The bytes decode to the file itself, whichever variant was sent.
    expect(res.text).toBe(SOURCE);
  });
});
