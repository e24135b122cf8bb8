import type { AppContext } from './app-context';
import { tagsFromNotification, type PublicCache } from './http/public-cache';
import { CONTENT_TAGS, type ContentTag } from './http/public-reads';
import { HTML_KEY } from './http/shared-cache';
import { sharedCachePurgerFromEnv } from './http/shared-cache-purge';

const CONTENT_CHANGED = 'content_changed';
const REDIRECTS_CHANGED = 'redirects_changed';

/**
 * Keeps what this instance holds from the content current, on every instance: the public read cache,
 * the old addresses (redirects, 410s) and the shared caches in front. A staff write here calls the
 * answer's `contentChanged`; a write on another instance is heard through NOTIFY.
 */
export function contentChanges(
  {
    env,
    log,
    database,
    releases,
    redirects,
  }: Pick<AppContext, 'env' | 'log' | 'database' | 'releases' | 'redirects'>,
  cache: PublicCache,
) {
  // Old addresses (301) and trashed items' (410), from memory: loaded again after a content write or
  // a Redirects write, here or (through NOTIFY) on another instance.
  redirects.onChange(() => void database.notify(REDIRECTS_CHANGED, '').catch(() => {}));
  void database.listen(REDIRECTS_CHANGED, () => void redirects.reload()).catch(() => {});
  void database.listen(CONTENT_CHANGED, () => void redirects.reload()).catch(() => {});
  // Shared caches in front (SHARED_CACHE_PURGE_URLS): purged by family where the change happens (this
  // instance's staff write, a scheduled publish it sees pass, a release switch it reads). At start,
  // everything once: a purge a crash lost (the queue is in memory) is made good.
  const purger = sharedCachePurgerFromEnv(env, log);
  purger?.purge([...CONTENT_TAGS, HTML_KEY]);
  if (purger) {
    cache.onDuePassed((tags) => purger.purge(tags));
    // A release, promote, rollback or canary (the CMS, a command, another instance): every page's
    // script addresses change. The state is in memory; a look every second costs nothing.
    const versionsOf = () => {
      try {
        return JSON.stringify(releases.state().remotes);
      } catch {
        return undefined;
      }
    };
    let versions = versionsOf();
    setInterval(() => {
      const now = versionsOf();
      if (now !== undefined && versions !== undefined && now !== versions) purger.purge([HTML_KEY]);
      if (now !== undefined) versions = now;
    }, 1000).unref();
  }
  // Public reads are served from memory until a staff write changes their content family (here or,
  // through NOTIFY with the changed tags, on another instance). Nothing anonymous invalidates.
  void database
    .listen(CONTENT_CHANGED, (payload) => cache.invalidate(tagsFromNotification(payload)))
    .catch((err: unknown) => {
      // The link keeps trying by itself (caching is paused meanwhile, below); anything else is final.
      if (database.listenStatus?.().state === 'reconnecting') return;
      log.error({ err }, 'cannot listen for content changes; caching public reads is off');
      cache.disable();
    });
  // While the LISTEN link is down nothing new is cached and reads go to the database, except while
  // the database does not answer either: then held answers are served, marked stale, instead of 503.
  // Once the link is back, every entry goes (what changed meanwhile was not heard).
  cache.watchDatabase(database.ping, (away) => {
    if (away) log.warn('database unreachable: cached public answers are served stale meanwhile');
    else log.info('database answers again');
  });
  let linkLost = false;
  database.onListenState?.((state) => {
    if (state === 'reconnecting') {
      linkLost = true;
      cache.pause();
    } else if (state === 'listening' && linkLost) {
      linkLost = false;
      cache.resume();
      void redirects.reload();
      log.info('public cache emptied: the LISTEN link is back and changes made meanwhile were not heard');
    }
  });
  return {
    /** The shared-cache purger (undefined without SHARED_CACHE_PURGE_URLS). */
    purger,
    /** A write here changed these families: dropped here, in front, and on every other instance. */
    contentChanged: (tags: readonly ContentTag[]) => {
      purger?.purge(tags);
      cache.invalidate(tags);
      void redirects.reload();
      void database.notify(CONTENT_CHANGED, tags.join(',')).catch(() => {});
    },
  };
}
