// Whether the database answers at all, asked every PROBE_EVERY_MS while the public cache is paused (its
// LISTEN link is down): while it does not, the cache serves what it holds, marked stale, instead of 503s.

/** While the LISTEN link is down, how often the database is asked whether it answers at all. */
const PROBE_EVERY_MS = 500;
/** A probe that gets no answer within this long counts as a database away (a host dropping packets). */
const PROBE_TIMEOUT_MS = 2000;

/** `paused`: whether the cache is still paused (the probing stops once it is not). */
export function createAwayProbe(paused: () => boolean) {
  let away = false;
  /** Asks the database whether it answers (watch); probed while paused. */
  let probe: (() => Promise<void>) | undefined;
  let onAway: ((away: boolean) => void) | undefined;
  let probing = false;

  function setAway(value: boolean): void {
    if (value === away) return;
    away = value;
    onAway?.(value);
  }

  /** While paused: asks the database every PROBE_EVERY_MS whether it answers (see `away`). */
  function probeLoop(): void {
    if (!paused() || !probe) {
      probing = false;
      return;
    }
    probing = true;
    let timer: NodeJS.Timeout | undefined;
    void Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
      }),
    ])
      .then(
        () => setAway(false),
        () => setAway(paused()),
      )
      .finally(() => {
        clearTimeout(timer);
        if (!paused()) {
          probing = false;
          return;
        }
        setTimeout(probeLoop, PROBE_EVERY_MS).unref();
      });
  }

  return {
    /** Whether the database does not answer (only ever true while paused). */
    away: () => away,
    /** How to ask the database (`ping`); `changed` hears when it stops or starts answering. */
    watch(ping: () => Promise<void>, changed?: (away: boolean) => void): void {
      probe = ping;
      onAway = changed;
    },
    /** The cache has just paused: start asking, unless already asking. */
    start(): void {
      if (!probing) probeLoop();
    },
    /** The cache resumed: the database answered (the link is back). */
    answers: () => setAway(false),
  };
}
