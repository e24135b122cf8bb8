import { describe, expect, it } from 'vitest';
import { remotePreloads } from './module-preloads';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], facade?: string) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  dynamicImports,
  facadeModuleId: facade ?? null,
});

describe('remotePreloads', () => {
  it('lists what remoteEntry starts with, and per exposed module its chunk and everything it imports', () => {
    const bundle = {
      'remoteEntry.js': chunk(
        'remoteEntry.js',
        ['assets/runtime.js'],
        [
          'assets/shared-map.js',
          'assets/home-page.js',
          'assets/about-page.js',
          'assets/__prebuild__react.js',
        ],
      ),
      'assets/runtime.js': chunk('assets/runtime.js'),
      'assets/shared-map.js': chunk('assets/shared-map.js', ['assets/runtime.js']),
      'assets/__prebuild__react.js': chunk('assets/__prebuild__react.js'),
      'assets/home-page.js': chunk(
        'assets/home-page.js',
        ['assets/button.js'],
        ['assets/lazy-chart.js'],
        '/repo/mf-marketing/src/exposes/home-page.tsx',
      ),
      'assets/about-page.js': chunk(
        'assets/about-page.js',
        [],
        [],
        '/repo/mf-marketing/src/exposes/about-page.tsx',
      ),
      'assets/button.js': chunk('assets/button.js', ['assets/runtime.js']),
      'assets/lazy-chart.js': chunk('assets/lazy-chart.js'),
      'assets/x.css': { type: 'asset' as const },
    };
    expect(remotePreloads(bundle)).toEqual({
      // Not the fallbacks of the shared modules (the shell provides them), not the exposed modules.
      entry: ['assets/runtime.js', 'assets/shared-map.js'],
      modules: {
        // Static imports only: what the module loads lazily stays lazy.
        HomePage: ['assets/home-page.js', 'assets/button.js', 'assets/runtime.js'],
        AboutPage: ['assets/about-page.js'],
      },
    });
  });
});
