import { Share2 } from 'lucide-react';
import { Button, useHydrated } from '@agency/ui';
import { toast } from '@agency/ui/toast';

/**
 * Share for every visitor: the device's share sheet where there is one (spec section 2: title, excerpt
 * and the current URL; cancelling it is not an error), otherwise the link is copied and a toast says so.
 * Rendered the same on the server and in every browser, so hydration never differs. It needs
 * JavaScript, so until the page is hydrated it keeps its place but is not shown (invisible: not seen,
 * not focusable, not announced): no dead control, and no layout shift when it appears.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      navigator.share({ title, text, url }).catch(() => {});
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The link to this post is on your clipboard.' });
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy the link', description: url });
    }
  };
  return (
    <Button
      variant="inverse"
      size="sm"
      className={hydrated ? undefined : 'invisible'}
      onClick={() => void share()}
    >
      <Share2 className="h-4 w-4" aria-hidden="true" />
      Share
    </Button>
  );
}
