const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** A count as a reader writes it: words up to twelve, digits beyond ('one', 'seven', '14'). */
function countInWords(n: number): string {
  return WORDS[n] ?? String(n);
}

/** A count and its noun, capitalised for the start of a sentence: 'Two workstreams', 'One discipline'. */
export function countedNoun(n: number, singular: string, plural = `${singular}s`): string {
  const words = countInWords(n);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${n === 1 ? singular : plural}`;
}
