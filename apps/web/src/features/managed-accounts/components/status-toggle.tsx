import { useState } from 'react';
import { Power } from 'lucide-react';
import type { ManagedUserDetail } from '@postwise/shared/admin';
import { Button } from '../../../components/ui/button';
import { ActionDialog, DialogActions } from '../../../components/ui/action-dialog';
import { showError, showSuccess } from '../../../lib/toast';
import { useUpdateAccount } from '../api/managed-accounts';

/** Activate or deactivate a managed account, after a confirmation that says what happens. */
export function StatusToggle({ kind, detail }: { kind: 'customers' | 'sub-admins'; detail: ManagedUserDetail }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateAccount(kind, detail.user.id);
  const active = detail.user.status === 'active';
  const name = detail.user.personal.fullName || detail.user.email;

  const confirm = () =>
    update.mutate(
      { status: active ? 'inactive' : 'active' },
      {
        onSuccess: () => {
          showSuccess(active ? `${name} deactivated` : `${name} activated`);
          setOpen(false);
        },
        onError: showError,
      },
    );

  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={active ? 'outline' : 'green'} data-testid="toggle-status">
          <Power aria-hidden="true" />
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      }
      title={active ? `Deactivate ${name}?` : `Activate ${name}?`}
      description={
        active
          ? 'They are signed out at once and cannot sign in until the account is activated again. Nothing is deleted.'
          : 'They can sign in again with their password.'
      }
    >
      <DialogActions onCancel={() => setOpen(false)}>
        <Button variant={active ? 'destructive' : 'green'} loading={update.isPending} onClick={confirm}>
          {active ? 'Deactivate' : 'Activate'}
        </Button>
      </DialogActions>
    </ActionDialog>
  );
}
