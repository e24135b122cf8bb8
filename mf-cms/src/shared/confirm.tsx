import { useState } from 'react';
import { ConfirmDialog } from '@agency/ui/dialog';

/** A question before an action: its title, what follows, and the button that goes ahead. */
export interface Question {
  title: string;
  description?: string;
  confirmLabel: string;
}

/**
 * Asks in the app's confirmation dialog (an alertdialog, Cancel focused, Escape cancels) where a
 * screen used to call `window.confirm()`: `if (!(await ask(question))) return;`. Render `dialog`.
 */
export function useConfirm() {
  const [asking, setAsking] = useState<(Question & { answer: (yes: boolean) => void }) | null>(null);
  const ask = (question: Question) =>
    new Promise<boolean>((resolve) => setAsking({ ...question, answer: resolve }));
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={asking?.title ?? ''}
      description={asking?.description}
      confirmLabel={asking?.confirmLabel ?? ''}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );
  return { ask, dialog };
}
