import {
  Suspense,
  createContext,
  createElement,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@agency/contracts/routes';
import { ErrorBoundary } from 'react-error-boundary';
import { LocationContext } from '@agency/ui/router';
import { Button, Container, Skeleton } from '../components';
import { reportClientError } from './error-reporting';

// The shell configures reporting through this shared singleton, so remotes report into the same state.
export { configureErrorReporting, reportUncaughtRemoteErrors } from './error-reporting';
export { HeadScopeProvider, PageHead, type HeadBuilder, type HeadScope } from './page-head';

type RemoteLoader = <T>(remote: RemoteName, module: string) => Promise<T>;
let loadRemoteModule: RemoteLoader = () => Promise.reject(new Error('No remote loader configured'));

/**
 * The shell owns the federation runtime and registers its loader here once. This module is a shared
 * singleton, so a remote that mounts another remote (home page → contact form) uses the shell's loader.
 */
export function configureRemoteLoader(loader: RemoteLoader) {
  loadRemoteModule = loader;
}

/** How long a remote may take to load before we show the failure state. */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

/**
 * Server renders only: the remote modules this render may use (the current releases' server builds),
 * and which remotes it actually rendered (their stylesheets go into the page head). Per request, so a
 * React context rather than module state.
 */
export interface RemoteRenderScope {
  resolve: (remote: RemoteName, module: string) => ComponentType<object> | undefined;
  rendered: Set<RemoteName>;
  /** Modules this render left to the browser (`remote/module`). */
  leftToBrowser: Set<string>;
}
const ServerScope = createContext<RemoteRenderScope | null>(null);
export const RemoteRenderScopeProvider = ServerScope.Provider;

/**
 * Digest of the error a server render throws for a region it leaves to the browser (its server build
 * is missing, or the page is client-only): React then sends the region's fallback and the browser
 * renders it, exactly as a region that failed on the server. Not a failure: not reported as one.
 */
export const CLIENT_ONLY_DIGEST = 'remote-client-only';
class ClientOnlyRegion extends Error {
  readonly digest = CLIENT_ONLY_DIGEST;
}

/** The remote's code did not arrive (network, timeout, a broken entry): reported as a load failure. */
class RemoteLoadError extends Error {}

/** A region's failure goes to the console and, once, to the API (load or render). */
function reportRegionFailure(remote: RemoteName, label: string, error: unknown) {
  console.error(`[remote] ${label} failed`, error);
  reportClientError(remote, error instanceof RemoteLoadError ? 'load' : 'render', error);
}

function RemoteFailure({
  label,
  compact,
  onRetry,
}: {
  label: string;
  compact?: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={compact ? 'py-4' : 'py-32'} data-remote-failure={label}>
      <Container className="max-w-xl text-center">
        <p className={compact ? 'text-base font-semibold' : 'text-2xl font-bold text-ink-900'}>
          This section is temporarily unavailable.
        </p>
        {!compact && (
          <p className="mt-2 text-slate-600">
            The rest of the site still works. Try again in a moment, or use the navigation above.
          </p>
        )}
        <Button className="mt-4" variant={compact ? 'inverse' : 'primary'} onClick={onRetry}>
          Retry
        </Button>
      </Container>
    </div>
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not load within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function PageFallback() {
  return (
    <div className="py-32" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <Container className="grid gap-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-5/6" />
      </Container>
    </div>
  );
}

type Loaded = ComponentType<object>;
const loaded = new Map<string, Loaded>();

/**
 * What RemoteModule renders a remote with: a lazy component (rendering it inside server HTML keeps that
 * HTML on screen until the code arrives, then React hydrates it in place: no flash, no layout shift)
 * and, for content below the fold, a gate that opens when the region nears the viewport. One per
 * module and attempt, kept outside React: a render that suspends before it commits is thrown away
 * with its state, and must find the same lazy component when React tries again.
 */
interface Slot {
  Lazy: Loaded;
  openGate: () => void;
}
const slots = new Map<string, Slot>();

function slotFor(remote: RemoteName, module: string, attempt: number, defer: boolean): Slot {
  const key = `${remote}/${module}`;
  const id = `${key}#${attempt}${defer ? '#deferred' : ''}`;
  let slot = slots.get(id);
  if (slot) return slot;
  let openGate = () => {};
  // A Retry (attempt > 0) is the user asking for it now: no gate.
  const gate =
    defer && attempt === 0 ? new Promise<void>((resolve) => (openGate = resolve)) : Promise.resolve();
  const Lazy = lazy(async () => {
    await gate;
    const mod = await withTimeout(
      loadRemoteModule<{ default: Loaded }>(remote, module),
      REMOTE_LOAD_TIMEOUT_MS,
      key,
    ).catch((err: unknown) => {
      // A failed slot is forgotten: the next mount or Retry loads again instead of reusing the failure.
      slots.delete(id);
      throw new RemoteLoadError(`${key} did not load: ${(err as Error).message}`, { cause: err });
    });
    loaded.set(key, mod.default);
    return { default: mod.default };
  });
  slot = { Lazy, openGate };
  slots.set(id, slot);
  return slot;
}

/**
 * Opens the slot's gate when `element` nears the viewport (or something in it takes focus: a keyboard
 * visitor tabbing into a form before scrolling). Below-the-fold code stays off the start-up path and
 * off the network until a visitor heads for it; until then its server HTML is on screen, and its forms
 * post without JavaScript (HTML first), so nothing waits for it.
 */
function openWhenNear(element: Element | null, slot: Slot): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    slot.openGate();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) slot.openGate();
    },
    { rootMargin: '600px 0px' },
  );
  observer.observe(element);
  const onFocus = () => slot.openGate();
  element.addEventListener('focusin', onFocus);
  return () => {
    observer.disconnect();
    element.removeEventListener('focusin', onFocus);
  };
}

/** Starts loading a module ahead of its first render (e.g. the route's page, before hydration). */
export function preloadRemoteModule(remote: RemoteName, module: string): Promise<void> {
  const key = `${remote}/${module}`;
  if (loaded.has(key)) return Promise.resolve();
  return loadRemoteModule<{ default: Loaded }>(remote, module).then((mod) => {
    loaded.set(key, mod.default);
  });
}

function RemoteContent({
  remote,
  module,
  props,
  slot,
  onLive,
}: {
  remote: RemoteName;
  module: string;
  props: object;
  slot: Slot;
  onLive?: () => void;
}) {
  const scope = useContext(ServerScope);
  // Runs only in the browser, once the module's code has arrived and its tree is hydrated.
  useEffect(() => onLive?.(), [onLive]);
  // Chosen once per mount: swapping the lazy wrapper for the loaded component later would remount
  // the remote and lose its state (a half-typed form).
  const [Client] = useState<Loaded | null>(() =>
    scope ? null : (loaded.get(`${remote}/${module}`) ?? slot.Lazy),
  );
  if (scope) {
    const Server = scope.resolve(remote, module);
    if (!Server) {
      scope.leftToBrowser.add(`${remote}/${module}`);
      throw new ClientOnlyRegion(`${remote}/${module} is rendered in the browser`);
    }
    scope.rendered.add(remote);
    // A module of a loaded server build: stable for the process, looked up, not created here.
    return createElement(Server, props);
  }
  const C = Client!;
  return <C {...props} />;
}

/**
 * Mounts one exposed module of a remote inside its own error boundary and Suspense boundary, so a
 * remote that is down, slow or broken only affects its own area of the page; Retry loads it again.
 * The same tree renders on the server (from the remote's server build) and hydrates in the browser.
 */
export function RemoteModule<P extends object>({
  remote,
  module,
  props,
  compact = false,
  fallback,
  defer = false,
}: {
  remote: RemoteName;
  module: string;
  props?: P;
  compact?: boolean;
  fallback?: ReactNode;
  /**
   * Below-the-fold content: its code is loaded (and its server HTML hydrated) only when it comes near
   * the viewport, so it costs nothing at start-up.
   */
  defer?: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  const slot = slotFor(remote, module, attempt, defer);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (defer ? openWhenNear(region.current, slot) : undefined), [defer, slot]);
  // A navigation changes the router's location, which React passes into every region still showing
  // its server HTML: it must hydrate before the navigation (a transition) can finish. So the gate
  // opens with the first navigation, or the new page would wait for a visitor to scroll.
  const pathname = useContext(LocationContext)?.location.pathname;
  const [firstPathname] = useState(pathname);
  if (defer && pathname !== firstPathname) slot.openGate();
  const label = `${remote}/${module}`;
  const retry = () => setAttempt((a) => a + 1);
  // A deferred region says when its code is live (monitoring and the e2e suite wait for it; before
  // that its forms post without JavaScript, which is right but a different path).
  const [live, setLive] = useState(false);
  const markLive = useCallback(() => setLive(true), []);
  const content = (
    // A Retry is a new attempt (a new slot, so the code is fetched again) and a fresh boundary.
    <ErrorBoundary
      key={attempt}
      onError={(error) => reportRegionFailure(remote, label, error)}
      fallback={<RemoteFailure label={label} compact={compact} onRetry={retry} />}
    >
      <Suspense fallback={fallback ?? (compact ? null : <PageFallback />)}>
        <RemoteContent
          remote={remote}
          module={module}
          props={props ?? {}}
          slot={slot}
          onLive={defer ? markLive : undefined}
        />
      </Suspense>
    </ErrorBoundary>
  );
  // The region's own box is what is watched for nearing the viewport.
  return defer ? (
    <div ref={region} data-deferred={live ? 'live' : 'waiting'}>
      {content}
    </div>
  ) : (
    content
  );
}
