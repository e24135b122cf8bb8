import { describe, expect, it } from 'vitest';
import { checkCompatibility } from './compat-guard.mjs';

const shell = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0',
  zustand: '5.1.0',
};

describe('release compatibility guard', () => {
  it('accepts a remote whose singletons share the shell majors', () => {
    const remote = {
      name: 'mf-content',
      dependencies: { react: '19.0.0', 'react-router-dom': '^7.1.0', zustand: '5.0.2' },
    };
    expect(checkCompatibility(remote, shell)).toEqual([]);
  });

  it('refuses a remote needing another major, naming the package and both versions', () => {
    const remote = {
      name: 'mf-content',
      dependencies: { react: '^18.3.0', '@tanstack/react-query': '4.36.1', lodash: '4' },
    };
    expect(checkCompatibility(remote, shell)).toEqual([
      'mf-content requires react ^18.3.0, but the shell provides react 19.3.1',
      'mf-content requires @tanstack/react-query 4.36.1, but the shell provides @tanstack/react-query 5.108.0',
    ]);
  });
});
