import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage } from './admin-api';

/**
 * A list row's Duplicate: the API stores an unpublished copy (" (copy)" after its title, a free
 * slug: POST <url>/:id/duplicate), the list refreshes, and the copy opens in its editor. `singular`
 * names the type ('Blog Post').
 */
export function useDuplicate(url: string, singular: string, open: (id: number) => void) {
  const client = useQueryClient();
  const copy = useMutation({
    mutationFn: (id: number) => adminSend<{ id: number }>('POST', `${url}/${id}/duplicate`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.list(url) }),
  });
  return (row: { id: number }, name: string) =>
    copy.mutate(row.id, {
      onSuccess: (stored) => {
        toast({
          title: `${singular} duplicated`,
          description: `A copy of "${name}" was saved as a draft.`,
        });
        if (stored && typeof stored.id === 'number') open(stored.id);
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: `${singular} not duplicated`,
          description: errorMessage(err),
        }),
    });
}
