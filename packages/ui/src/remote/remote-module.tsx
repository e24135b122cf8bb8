import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { RemoteName } from '@agency/contracts/routes';
import { Button, Container, Skeleton } from '../components';

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

interface BoundaryProps {
  onRetry: () => void;
  label: string;
  compact?: boolean;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(`[remote] ${this.props.label} failed`, error);
  }
  override render() {
    if (this.state.error) {
      return <RemoteFailure label={this.props.label} compact={this.props.compact} onRetry={this.retry} />;
    }
    return this.props.children;
  }
  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };
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

const loaded = new Map<string, ComponentType<object>>();

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<object> }
  | { status: 'failed'; error: Error };

/** Resolves once the page has loaded and the browser is idle: for content below the fold. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 1500 })
        : setTimeout(resolve, 200);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** Loads a remote module; `attempt` changes make it ask the network again (Retry). */
function useRemoteComponent(remote: RemoteName, module: string, attempt: number, defer: boolean): LoadState {
  const key = `${remote}/${module}`;
  const token = `${key}#${attempt}`;
  const [result, setResult] = useState<{ token: string; state: LoadState } | null>(null);
  useEffect(() => {
    if (loaded.has(key)) return;
    let active = true;
    (defer && attempt === 0 ? whenIdle() : Promise.resolve())
      .then(() =>
        withTimeout(
          loadRemoteModule<{ default: ComponentType<object> }>(remote, module),
          REMOTE_LOAD_TIMEOUT_MS,
          key,
        ),
      )
      .then(
        (mod) => {
          loaded.set(key, mod.default);
          if (active) setResult({ token, state: { status: 'ready', Component: mod.default } });
        },
        (error: Error) => {
          console.error(`[remote] ${key} failed to load`, error);
          if (active) setResult({ token, state: { status: 'failed', error } });
        },
      );
    return () => {
      active = false;
    };
  }, [key, token, remote, module, attempt, defer]);
  const cached = loaded.get(key);
  if (cached) return { status: 'ready', Component: cached };
  return result?.token === token ? result.state : { status: 'loading' };
}

/**
 * Mounts one exposed module of a remote inside its own error boundary, so a remote that is down,
 * slow or broken only affects its own area of the page; Retry loads it again.
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
  /** Below-the-fold content: load after the page is loaded and idle, off the critical path. */
  defer?: boolean;
}) {
  const [attempt, setAttempt] = useState(0);
  const label = `${remote}/${module}`;
  const state = useRemoteComponent(remote, module, attempt, defer);
  const retry = () => setAttempt((a) => a + 1);
  if (state.status === 'failed') return <RemoteFailure label={label} compact={compact} onRetry={retry} />;
  if (state.status === 'loading') return <>{fallback ?? (compact ? null : <PageFallback />)}</>;
  const { Component } = state;
  return (
    <RemoteErrorBoundary key={attempt} label={label} compact={compact} onRetry={retry}>
      <Suspense fallback={fallback ?? (compact ? null : <PageFallback />)}>
        <Component {...(props ?? {})} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
