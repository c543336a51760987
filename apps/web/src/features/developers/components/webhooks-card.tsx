import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { History, KeyRound, Plus, Power, RotateCw, Trash2, Webhook } from 'lucide-react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from '@postwise/shared/integrations';
import { webhookEndpointCreateSchema } from '@postwise/shared/schemas/integrations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DialogActions } from '../../../components/ui/action-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/input-field';
import { dateTime, EMPTY_VALUE } from '../../../lib/format';
import { usePager } from '../../../lib/use-pager';
import { showError, showSuccess } from '../../../lib/toast';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRedeliver,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/developers-api';
import { FormDialogFooter, SecretOnceDialog } from './secret-once-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CodeChecklist } from './code-checklist';
import { IntegrationCard } from './integration-card';

type EndpointFormInput = z.input<typeof webhookEndpointCreateSchema>;
type EndpointFormValues = z.output<typeof webhookEndpointCreateSchema>;

function CreateEndpointDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateWebhookEndpoint();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<EndpointFormInput, unknown, EndpointFormValues>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    defaultValues: { url: '', events: [...WEBHOOK_EVENTS] },
  });
  const submit = (values: EndpointFormValues) =>
    create.mutate(values, { onSuccess: (endpoint) => setCreated(endpoint), onError: showError });

  return (
    <SecretOnceDialog
      title={created ? 'Your endpoint’s signing secret' : 'Add webhook endpoint'}
      description={
        created
          ? 'Every delivery carries a Postwise-Signature header made with this secret: check it before trusting the body.'
          : 'We POST each event you choose to this URL as JSON, signed, and retry for a day until it answers 2xx.'
      }
      secret={created ? { label: 'Signing secret', value: created.secret, testId: 'new-webhook-secret' } : null}
      onClose={onClose}
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        <InputField
          label="URL"
          error={errors.url?.message}
          type="url"
          inputMode="url"
          placeholder="https://example.com/postwise/webhooks"
          data-testid="webhook-url"
          {...register('url')}
        />
        <CodeChecklist
          control={control}
          name="events"
          legend="Events"
          codes={WEBHOOK_EVENTS}
          labels={WEBHOOK_EVENT_LABELS}
          idPrefix="event"
        />
        <FormDialogFooter
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Add endpoint"
          testId="webhook-submit"
        />
      </form>
    </SecretOnceDialog>
  );
}

/** Confirm, then show the new secret once; the old one keeps signing for the overlap so nothing is refused. */
function RotateSecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointItem; onClose: () => void }) {
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <SecretOnceDialog
      title={rotated ? 'Your endpoint’s new signing secret' : 'Rotate the signing secret?'}
      descriptionClassName="break-words"
      description={
        rotated
          ? `Put it in your receiver within ${WEBHOOK_SECRET_OVERLAP_HOURS} hours: until ${dateTime(rotated.previousSecretExpiresAt)} each delivery is signed with both the new and the previous secret, then only with the new one.`
          : `${endpoint.url} gets a new secret. For ${WEBHOOK_SECRET_OVERLAP_HOURS} hours deliveries carry two signatures (new and previous secret), so your receiver can switch without refusing events.`
      }
      secret={rotated ? { label: 'New signing secret', value: rotated.secret, testId: 'rotated-webhook-secret' } : null}
      onClose={onClose}
    >
      <DialogActions onCancel={onClose}>
        <Button
          variant="destructive"
          loading={rotate.isPending}
          data-testid="confirm-rotate-secret"
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: setRotated, onError: showError })}
        >
          Rotate secret
        </Button>
      </DialogActions>
    </SecretOnceDialog>
  );
}

const DELIVERY_BADGE = { pending: 'warning', succeeded: 'success', failed: 'destructive' } as const;
const DELIVERY_LABEL = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' } as const;

function DeliveryLogDialog({ endpoint, onClose }: { endpoint: WebhookEndpointItem; onClose: () => void }) {
  const pager = usePager();
  const deliveries = useWebhookDeliveries(endpoint.id, pager.pageNo, pager.pageSize);
  const redeliver = useRedeliver(endpoint.id);

  const columns: DataTableColumn<WebhookDeliveryItem>[] = [
    {
      id: 'event',
      header: 'Event',
      phone: 'title',
      cell: (d) => (
        <div className="grid gap-0.5">
          <span className="font-mono text-xs font-semibold">{d.type}</span>
          <span className="text-xs text-muted-foreground">{dateTime(d.createdAt)}</span>
        </div>
      ),
      phoneCell: (d) => d.type,
    },
    {
      id: 'status',
      header: 'Status',
      phone: 'badge',
      cell: (d) => <Badge variant={DELIVERY_BADGE[d.status]}>{DELIVERY_LABEL[d.status]}</Badge>,
    },
    {
      id: 'answer',
      header: 'Last answer',
      phone: 'meta',
      cell: (d) => (
        <span className="line-clamp-2 max-w-xs break-words">
          {d.responseStatus ? `HTTP ${d.responseStatus}` : (d.lastError ?? EMPTY_VALUE)}
        </span>
      ),
    },
    {
      id: 'attempts',
      header: 'Attempts',
      phone: 'meta',
      cell: (d) => d.attempts,
      phoneCell: (d) => `${d.attempts} attempts`,
    },
  ];

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Delivery log</DialogTitle>
          <DialogDescription className="break-all">{endpoint.url}</DialogDescription>
        </DialogHeader>
        <DataTable
          caption="Webhook deliveries"
          columns={columns}
          {...tableQueryProps(deliveries)}
          getRowId={(d) => d.id}
          empty={{ icon: History, title: 'No deliveries yet', description: 'Events appear here as they are sent.' }}
          rowActions={(d) => (
            <Button
              variant="outline"
              size="sm"
              disabled={!endpoint.enabled}
              loading={redeliver.isPending && redeliver.variables === d.id}
              aria-label={`Redeliver ${d.type} of ${dateTime(d.createdAt)}`}
              onClick={() =>
                redeliver.mutate(d.id, {
                  onSuccess: () => {
                    showSuccess('Delivery queued again');
                    void deliveries.refetch();
                  },
                  onError: showError,
                })
              }
            >
              <RotateCw aria-hidden="true" />
              Redeliver
            </Button>
          )}
          pagination={pager.pagination(deliveries.data)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Webhook endpoints of the signed-in customer or sub-admin: add (secret shown once), enable, delete, log. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<WebhookEndpointItem | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointItem | null>(null);

  const columns: DataTableColumn<WebhookEndpointItem>[] = [
    {
      id: 'url',
      header: 'Endpoint',
      phone: 'title',
      cell: (e) => (
        <div className="grid max-w-md gap-0.5">
          <span className="font-medium break-all">{e.url}</span>
          <span className="font-mono text-xs text-muted-foreground">Secret {e.secretPrefix}…</span>
          {e.previousSecretExpiresAt && Date.parse(e.previousSecretExpiresAt) > Date.now() ? (
            <span className="text-xs text-muted-foreground">
              Previous secret also signs until {dateTime(e.previousSecretExpiresAt)}
            </span>
          ) : null}
        </div>
      ),
      phoneCell: (e) => e.url,
    },
    {
      id: 'events',
      header: 'Events',
      phone: 'meta',
      cell: (e) => (
        <div className="flex max-w-sm flex-wrap gap-1">
          {e.events.map((ev) => (
            <Badge key={ev} variant="primary" className="font-mono">
              {ev}
            </Badge>
          ))}
        </div>
      ),
      phoneCell: (e) => e.events.join(', '),
    },
    {
      id: 'status',
      header: 'Status',
      phone: 'badge',
      cell: (e) =>
        e.enabled ? (
          <Badge variant="success">Enabled</Badge>
        ) : (
          <Badge variant="destructive" title={e.disabledReason ?? undefined}>
            Disabled
          </Badge>
        ),
    },
    {
      id: 'reason',
      header: 'Note',
      phone: 'meta',
      cell: (e) =>
        e.disabledReason ?? (e.consecutiveFailures > 0 ? `${e.consecutiveFailures} failed in a row` : EMPTY_VALUE),
    },
  ];

  const add = (
    <Button onClick={() => setCreating(true)} data-testid="add-webhook">
      <Plus aria-hidden="true" />
      Add endpoint
    </Button>
  );

  return (
    <IntegrationCard
      icon={Webhook}
      title="Webhooks"
      description="Mail received and scanned, request updates, shipments and tracking, paid invoices: sent to your URL as they happen."
      action={add}
    >
      <DataTable
        caption="Webhook endpoints"
        columns={columns}
        rows={endpoints.data ?? []}
        getRowId={(e) => e.id}
        loading={endpoints.isPending}
        error={endpoints.isError ? endpoints.error.message : null}
        onRetry={() => void endpoints.refetch()}
        empty={{ icon: Webhook, title: 'No webhook endpoints', description: 'Add a URL to receive events.' }}
        rowActions={(e) => (
          <>
            <Button variant="ghost" size="sm" onClick={() => setLogOf(e)} aria-label={`Delivery log of ${e.url}`}>
              <History aria-hidden="true" />
              Log
            </Button>
            <Button
              variant="ghost"
              size="sm"
              loading={update.isPending && update.variables?.id === e.id}
              aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.url}`}
              onClick={() =>
                update.mutate(
                  { id: e.id, enabled: !e.enabled },
                  {
                    onSuccess: (saved) => showSuccess(saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled'),
                    onError: showError,
                  },
                )
              }
            >
              <Power aria-hidden="true" />
              {e.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRotating(e)} aria-label={`Rotate secret of ${e.url}`}>
              <KeyRound aria-hidden="true" />
              Rotate secret
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDeleting(e)} aria-label={`Delete ${e.url}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      />
      {creating ? <CreateEndpointDialog onClose={() => setCreating(false)} /> : null}
      {rotating ? <RotateSecretDialog endpoint={rotating} onClose={() => setRotating(null)} /> : null}
      {logOf ? <DeliveryLogDialog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          open
          onCancel={() => setDeleting(null)}
          title="Delete this endpoint?"
          description={`${deleting.url} stops receiving events, and its delivery log is deleted.`}
          descriptionClassName="break-all"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                showSuccess('Endpoint deleted');
                setDeleting(null);
              },
              onError: showError,
            })
          }
        />
      ) : null}
    </IntegrationCard>
  );
}
