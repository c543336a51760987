import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showError, showSuccess } from '../../../lib/toast';

/**
 * Deleting a row of one of the customer's own lists (an address, a package) after asking: `ask(row)` opens the
 * dialog; confirming deletes it, says `done` and closes; a failure is shown and the dialog stays.
 */
export function useConfirmDelete<T extends { id: string }>(
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean },
  text: { done: string; title: string; description: (row: T) => ReactNode },
) {
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      showSuccess(text.done);
      setDeleting(null);
    } catch (error) {
      showError(error);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onCancel={() => setDeleting(null)}
      title={text.title}
      description={deleting ? text.description(deleting) : ''}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );

  return { ask: setDeleting, dialog };
}
