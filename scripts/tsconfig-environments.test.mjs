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
