import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, IdCard, XCircle } from 'lucide-react';
import type { ApplicationDetail } from '@postwise/shared/admin';
import type { WitnessInput } from '@postwise/shared/compliance';
import { rejectApplicationSchema, type RejectApplicationInput } from '@postwise/shared/schemas/admin';
import { PlanLimitAlert } from '../../../components/plan-limit';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { ActionDialog, DialogActions } from '../../../components/ui/action-dialog';
import { FormField } from '../../../components/ui/form-field';
import { inputClasses } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { showError, showSuccess } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useApproveApplication, useRecordComplianceIds, useRejectApplication } from '../api/applications';
import { ApprovalIds, idsToSend, initialIdRows } from './approval-ids';

/** Approve: pick the store (default first), see the PMB the mailbox will get, confirm. */
export function ApproveDialog({ detail }: { detail: ApplicationDetail }) {
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const approve = useApproveApplication(detail.applicant.id);
  const [storeId, setStoreId] = useState(detail.stores[0]?.id);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const store = detail.stores.find((s) => s.id === storeId);
  const name = detail.applicant.personal.fullName || detail.applicant.email;
  const [rows, setRows] = useState(() => initialIdRows(detail));
  const [witness, setWitness] = useState<WitnessInput>(() => ({
    method: detail.witness?.method ?? 'in_person',
    witnessedOn: new Date().toISOString().slice(0, 10),
  }));

  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="green" data-testid="approve-application">
          <CheckCircle2 aria-hidden="true" />
          Approve
        </Button>
      }
      title={<>Approve {name}’s mailbox?</>}
      description={
        <>
          The mailbox becomes active with the next PMB number of the store, and {detail.applicant.email} is e-mailed the
          address.
        </>
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      {detail.stores.length === 0 ? (
        <p role="alert" className="text-sm text-destructive">
          Add a store first: the mailbox needs a store for its PMB number.
        </p>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor={selectId}>Store</Label>
          <Select value={storeId} onValueChange={setStoreId}>
            <SelectTrigger id={selectId} data-testid="approve-store">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {detail.stores.map((s) => (
                <SelectItem key={s.id} value={s.id}>
                  {s.name}
                  {s.isDefault ? ' (default)' : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {store ? (
            <p className="text-sm text-muted-foreground">
              {store.address} · next number <strong className="text-foreground">{store.nextPmb}</strong>
            </p>
          ) : null}
        </div>
      )}
      <ApprovalIds rows={rows} onRows={setRows} witness={witness} onWitness={setWitness} />
      {limitMessage ? <PlanLimitAlert message={limitMessage} /> : null}
      <DialogActions onCancel={() => setOpen(false)}>
        <Button
          variant="green"
          disabled={!store}
          loading={approve.isPending}
          data-testid="approve-confirm"
          onClick={() =>
            approve.mutate(
              { ...(storeId ? { storeId } : {}), ids: idsToSend(rows), witness },
              {
                onSuccess: (mailbox) => {
                  showSuccess(`Mailbox approved: ${mailbox.pmb}`);
                  setOpen(false);
                },
                onError: (error) => {
                  // Over the sub-admin plan's mailbox limit: shown in the dialog with the upgrade path.
                  if (
                    error instanceof ApiError &&
                    error.status === 409 &&
                    error.message.startsWith('Your plan allows')
                  ) {
                    setLimitMessage(error.message);
                  } else showError(error);
                },
              },
            )
          }
        >
          Approve mailbox
        </Button>
      </DialogActions>
    </ActionDialog>
  );
}

/** After approval: record IDs checked later (a renewed ID); each replaces the earlier ID of its person and kind. */
export function RecordIdsDialog({ detail }: { detail: ApplicationDetail }) {
  const [open, setOpen] = useState(false);
  const record = useRecordComplianceIds(detail.applicant.id);
  const [rows, setRows] = useState(() => initialIdRows(detail));
  const [witness, setWitness] = useState<WitnessInput>(() => ({
    method: 'in_person',
    witnessedOn: new Date().toISOString().slice(0, 10),
  }));
  const ids = idsToSend(rows);

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setRows(initialIdRows(detail));
        setOpen(next);
      }}
      trigger={
        <Button variant="outline" data-testid="record-ids">
          <IdCard aria-hidden="true" />
          Record IDs
        </Button>
      }
      title="Record IDs"
      description="IDs you checked against the originals, such as a renewed ID: each replaces the earlier one of its kind."
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <ApprovalIds rows={rows} onRows={setRows} witness={witness} onWitness={setWitness} />
      <DialogActions onCancel={() => setOpen(false)}>
        <Button
          disabled={ids.length === 0}
          loading={record.isPending}
          data-testid="record-ids-confirm"
          onClick={() =>
            record.mutate(
              { ids, witness },
              {
                onSuccess: () => {
                  showSuccess('IDs recorded');
                  setOpen(false);
                },
                onError: showError,
              },
            )
          }
        >
          Save IDs
        </Button>
      </DialogActions>
    </ActionDialog>
  );
}

/** Reject with a reason the applicant reads in the e-mail; they can upload new IDs. */
export function RejectDialog({ detail }: { detail: ApplicationDetail }) {
  const [open, setOpen] = useState(false);
  const reject = useRejectApplication(detail.applicant.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RejectApplicationInput>({
    resolver: zodResolver(rejectApplicationSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });
  const submit = ({ reason }: RejectApplicationInput) =>
    reject.mutate(reason, {
      onSuccess: () => {
        showSuccess('Application rejected; the applicant was e-mailed');
        setOpen(false);
        reset();
      },
      onError: showError,
    });

  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" data-testid="reject-application">
          <XCircle aria-hidden="true" />
          Reject
        </Button>
      }
      title="Reject the application"
      description="Say what to fix: the applicant reads this in the e-mail and uploads new IDs."
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        <FormField label="Reason" error={errors.reason?.message}>
          <textarea
            rows={4}
            className={cn(inputClasses, 'h-auto min-h-24')}
            data-testid="reject-reason"
            {...register('reason')}
          />
        </FormField>
        <DialogActions onCancel={() => setOpen(false)}>
          <Button type="submit" variant="destructive" loading={reject.isPending} data-testid="reject-confirm">
            Reject
          </Button>
        </DialogActions>
      </form>
    </ActionDialog>
  );
}
