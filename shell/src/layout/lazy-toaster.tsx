import { Suspense, lazy, useEffect, useState } from 'react';
import { useToastStore } from '@agency/ui/toast';

const loadToaster = () => import('@agency/ui/toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The page's toasts, with their code (Radix Toast, ~8 KB) fetched when the first toast is raised
 * instead of at start-up: toasts answer something a visitor did (a form sent, a save in the CMS), so
 * the code is fetched ahead, at the first focus or submit in the page, and is there when needed.
 * Once mounted it stays, with its Notifications (F8) region, exactly as before.
 */
export function LazyToaster() {
  const raised = useToastStore((s) => s.toasts.length > 0);
  const [mounted, setMounted] = useState(false);
  if (raised && !mounted) setMounted(true);
  useEffect(() => {
    const ahead = () => void loadToaster().catch(() => {});
    document.addEventListener('focusin', ahead, { once: true, capture: true });
    document.addEventListener('submit', ahead, { once: true, capture: true });
    return () => {
      document.removeEventListener('focusin', ahead, { capture: true });
      document.removeEventListener('submit', ahead, { capture: true });
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
