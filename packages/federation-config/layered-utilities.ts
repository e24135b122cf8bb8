import postcss, { type AtRule, type ChildNode, type Root } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Every remote ships its own Tailwind stylesheet, and each one is a different subset of utilities.
 * In one `@layer utilities`, the sheet loaded last wins: a remote's `.hidden` would then override the
 * shell's `.md:block`. Splitting utilities into ordered sub-layers by variant makes the cascade the same
 * whatever the load order: plain < state variants < sm < md < lg < xl < 2xl.
 */
export const UTILITY_BUCKETS = ['plain', 'state', 'sm', 'md', 'lg', 'xl', '2xl'] as const;
type Bucket = (typeof UTILITY_BUCKETS)[number];

const BREAKPOINTS: Record<string, Bucket> = {
  '40rem': 'sm',
  '48rem': 'md',
  '64rem': 'lg',
  '80rem': 'xl',
  '96rem': '2xl',
};
const LAYER_ORDER = `@layer theme,base,components,utilities;@layer ${UTILITY_BUCKETS.map((b) => `utilities.${b}`).join(',')};`;

function bucketOf(node: ChildNode): Bucket {
  if (node.type === 'atrule' && node.name === 'media') {
    const m = /^\(\s*(?:min-width\s*:\s*|width\s*>=\s*)([\d.]+rem)\s*\)$/.exec(node.params.trim());
    return (m && BREAKPOINTS[m[1]!]) || 'state';
  }
  if (node.type === 'rule') return /\\:/.test(node.selector) ? 'state' : 'plain';
  return 'state';
}

export function layerUtilities(root: Root): void {
  root.walkAtRules('layer', (layer: AtRule) => {
    if (layer.params.trim() !== 'utilities' || !layer.nodes || layer.parent?.type !== 'root') return;
    const buckets = new Map<Bucket, ChildNode[]>();
    for (const node of [...layer.nodes]) {
      const b = bucketOf(node);
      buckets.set(b, [...(buckets.get(b) ?? []), node.remove()]);
    }
    for (const b of UTILITY_BUCKETS) {
      const nodes = buckets.get(b);
      if (nodes?.length) layer.append(postcss.atRule({ name: 'layer', params: b, nodes }));
    }
  });
  root.prepend(postcss.parse(LAYER_ORDER).nodes);
}

export function transformCss(css: string): string {
  const root = postcss.parse(css);
  layerUtilities(root);
  return root.toString();
}

/** Vite plugin: applies the sub-layering to every emitted stylesheet. */
export function layeredUtilities(): Plugin {
  return {
    name: 'agency:layered-utilities',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') {
          file.source = transformCss(file.source);
        }
      }
    },
  };
}
