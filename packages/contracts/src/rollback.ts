/**
 * What a rollback goes back to, in one place for the server (which switches) and the CMS (which says
 * where Roll back leads): the switch log replayed as a stack, oldest first. A release or promote pushes
 * the release it replaces, a rollback pops, so rollbacks walk back through earlier releases one at a
 * time. Answers the release now live and the one a rollback would switch to (undefined: none before it,
 * the locally built remote).
 */
export function replayRollbacks<K>(switches: readonly { action: string; release: K }[]): {
  current: K | undefined;
  target: K | undefined;
} {
  let current: K | undefined;
  let stack: K[] = [];
  for (const s of switches) {
    if (s.action === 'rollback') stack.pop();
    else {
      stack = stack.filter((r) => r !== s.release);
      if (current !== undefined && current !== s.release) stack.push(current);
    }
    current = s.release;
  }
  return { current, target: stack.at(-1) };
}
