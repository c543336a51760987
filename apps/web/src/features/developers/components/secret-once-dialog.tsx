import type { ReactNode } from 'react';
import { DialogActions } from '../../../components/ui/action-dialog';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { SecretReveal } from './secret-reveal';

export interface OnceSecret {
  label: string;
  value: string;
  testId: string;
}

/**
 * A dialog that makes a secret (an API key, a webhook signing secret) and then shows it once, with copy and Done.
 * Before: `children`, the form or the confirmation. After: the secret in place of them.
 */
export function SecretOnceDialog({
  title,
  description,
  descriptionClassName,
  secret,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  descriptionClassName?: string;
  /** Set once the secret is made: the dialog then shows it instead of `children`. */
  secret: OnceSecret | null;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
        </DialogHeader>
        {secret ? (
          <div className="grid gap-4">
            <SecretReveal label={secret.label} value={secret.value} testId={secret.testId} />
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the form's submit button, at the foot of a dialog's form. */
export function FormDialogFooter({
  onCancel,
  pending,
  submitLabel,
  testId,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  testId: string;
}) {
  return (
    <DialogActions onCancel={onCancel}>
      <Button type="submit" loading={pending} data-testid={testId}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
