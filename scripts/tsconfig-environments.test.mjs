// Browser and Node code are type-checked with their own globals (tsconfig.browser.json,
// tsconfig.node.json): each case compiles a small source, held in memory at a path in the area it
// stands for, with the options of that area's config, and expects exactly the listed errors.
// (packages/contracts is in both configs, so `npm run typecheck` compiles it under both.)
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(new URL('../', import.meta.url).pathname);

function errorsOf(config, file, source) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const fileName = path.join(root, file);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => f === fileName || fileExists(f);
  host.readFile = (f) => (f === fileName ? source : readFile(f));
  host.getSourceFile = (f, ...rest) =>
    f === fileName ? ts.createSourceFile(f, source, ts.ScriptTarget.ES2022, true) : getSourceFile(f, ...rest);
  const program = ts.createProgram([fileName], parsed.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ').split('.')[0]}`);
}

describe('per-environment type checking', { timeout: 60_000 }, () => {
  it('a remote cannot use Node globals, but has the DOM and Vite import.meta.env', () => {
    const errors = errorsOf(
      'tsconfig.browser.json',
      'mf-content/src/fixture.tsx',
      `import { useState } from 'react';
       export const useOpen = () => useState(false);
       export const title = document.title + import.meta.env.MODE;
       export const mode = process.env.NODE_ENV;
       export const bytes = Buffer.from('x');`,
    );
    expect(errors).toEqual(["TS2591 Cannot find name 'process'", "TS2591 Cannot find name 'Buffer'"]);
  });

  it('the API cannot use the DOM, but has Node', () => {
    const errors = errorsOf(
      'tsconfig.node.json',
      'api/src/fixture.ts',
      `import { createHash } from 'node:crypto';
       export const hash = createHash('sha256').update(process.env.PORT ?? '').digest('hex');
       export const title = document.title;
       export const href = window.location.href;`,
    );
    expect(errors).toEqual(["TS2584 Cannot find name 'document'", "TS2304 Cannot find name 'window'"]);
  });
});

describe('the root tsconfig.json', () => {
  const configOf = (file) => ts.readConfigFile(path.join(root, file), ts.sys.readFile).config;
  const parse = (file) =>
    ts.getParsedCommandLineOfConfigFile(
      path.join(root, file),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );

  it('is a solution over exactly the configs `npm run typecheck` (and so CI) checks, compiling nothing itself', () => {
    const typecheck = JSON.parse(ts.sys.readFile(path.join(root, 'package.json'))).scripts.typecheck;
    const checked = [...typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
    const solution = configOf('tsconfig.json');
    expect(solution.files).toEqual([]);
    expect(solution.references.map((r) => path.normalize(r.path))).toEqual(checked);
    expect(parse('tsconfig.json').fileNames).toEqual([]);
  });

  it('gives an editor, for a file of each environment, the options CI checks that file with', () => {
    const references = configOf('tsconfig.json').references.map((r) => path.normalize(r.path));
    const projects = references.map((config) => ({ config, parsed: parse(config) }));
    // What an editor does with a solution file: the first referenced project that includes the file.
    const projectOf = (file) => projects.find((p) => p.parsed.fileNames.includes(path.join(root, file)));
    for (const [file, config] of [
      ['api/src/app.ts', 'tsconfig.node.json'],
      ['shell/src/main.tsx', 'tsconfig.browser.json'],
      ['shell/src/entry-server.tsx', 'tsconfig.ssr.json'],
      ['api/src/app.test.ts', 'tsconfig.test.json'],
    ]) {
      expect(projectOf(file)?.config, file).toBe(config);
    }
  });
});
