import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

/**
 * Asks before a destructive step (delete a saved address, a plan, a rule): the title names the thing, the
 * description says what follows; Cancel (or Escape, or the overlay) closes it, the red button runs `onConfirm`.
 */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  pending = false,
  onConfirm,
  confirmTestId,
  descriptionClassName,
  confirmDisabled = false,
}: {
  open: boolean;
  onCancel: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  confirmTestId?: string;
  /** E.g. break-all for a description that names a long URL. */
  descriptionClassName?: string;
  /** When the step cannot be taken at all (the description says why). */
  confirmDisabled?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            variant="destructive"
            disabled={confirmDisabled}
            loading={pending}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
