import { Share2 } from 'lucide-react';
import { Button } from '@agency/ui';

/** Shown only where the device can share (spec section 2); cancelling the sheet is not an error. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  const share = () => {
    navigator.share({ title, text, url: window.location.href }).catch(() => {});
  };
  return (
    <Button variant="inverse" size="sm" onClick={share}>
      <Share2 className="h-4 w-4" aria-hidden="true" />
      Share
    </Button>
  );
}
