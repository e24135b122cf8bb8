#!/usr/bin/env node
// The top entries of a V8 CPU profile (`node --cpu-prof`) by self time: function, where it is, share.
// Usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [count]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, count = '20'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [count]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
// Each sample is one tick in the node it names; time deltas weigh the ticks.
profile.samples.forEach((id, i) => {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('| self % | function (file:line) |');
console.log('| --- | --- |');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
  console.log(`| ${((100 * us) / total).toFixed(1)} | ${key.replace(/\|/g, '\\|')} |`);
