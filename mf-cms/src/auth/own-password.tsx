import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { AccountRoutes } from '@agency/contracts';
import { Button } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { ChangePasswordForm } from './change-password-form';

/**
 * "My password" in the header: a personal account (an editor too) changes its own password; its other
 * sessions end, this one carries on. The owner's shared password is in Settings.
 */
export function OwnPasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        My password
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Change my password"
        description="Your other signed-in browsers are signed out; this one stays signed in."
        className="max-w-lg"
      >
        <ChangePasswordForm
          url={AccountRoutes.password}
          onChanged={() => setOpen(false)}
          columns={1}
          actions={
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          }
        />
      </Dialog>
    </>
  );
}
