import type { Resource } from '@agency/contracts/browser';
import { Dialog } from '@agency/ui/dialog';
import { LeadForm } from './lead-form';

export function AccessDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  return (
    <Dialog
      open={resource !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Get Free Access"
      description={
        resource ? (
          <>
            Tell us where to reach you and <strong className="text-ink-900">{resource.title}</strong>{' '}
            downloads right away.
          </>
        ) : undefined
      }
    >
      {/* Keyed so every resource starts with a blank form. */}
      {resource ? <LeadForm key={resource.id} resource={resource} onDone={onClose} /> : null}
    </Dialog>
  );
}
