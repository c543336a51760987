import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyItem,
  type CreatedApiKey,
} from '@postwise/shared/integrations';
import { apiKeyCreateSchema } from '@postwise/shared/schemas/integrations';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InputField } from '../../../components/ui/input-field';
import { dateTime, shortDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/developers-api';
import { FormDialogFooter, SecretOnceDialog } from './secret-once-dialog';
import { CodeChecklist } from './code-checklist';
import { IntegrationCard } from './integration-card';

type KeyFormInput = z.input<typeof apiKeyCreateSchema>;
type KeyFormValues = z.output<typeof apiKeyCreateSchema>;

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<KeyFormInput, unknown, KeyFormValues>({
    resolver: zodResolver(apiKeyCreateSchema),
    defaultValues: { name: '', scopes: ['mail:read'] },
  });
  const submit = (values: KeyFormValues) =>
    create.mutate(values, { onSuccess: (key) => setCreated(key), onError: showError });

  return (
    <SecretOnceDialog
      title={created ? 'Your new API key' : 'Create API key'}
      description={
        created
          ? `Send it as "Authorization: Bearer <key>". It acts as you, with only the scopes you chose.`
          : 'A key acts as your account, with only the scopes you choose. It never opens account settings.'
      }
      secret={created ? { label: 'API key', value: created.key, testId: 'new-api-key' } : null}
      onClose={onClose}
    >
      <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
        <InputField
          label="Name"
          error={errors.name?.message}
          description="What uses it, e.g. Zapier or ERP sync."
          data-testid="api-key-name"
          autoComplete="off"
          {...register('name')}
        />
        <CodeChecklist
          control={control}
          name="scopes"
          legend="Scopes"
          codes={API_KEY_SCOPES}
          labels={API_KEY_SCOPE_LABELS}
          idPrefix="scope"
        />
        <FormDialogFooter
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Create key"
          testId="api-key-submit"
        />
      </form>
    </SecretOnceDialog>
  );
}

/** API keys of the signed-in customer or sub-admin: create (shown once, with copy), list, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);

  const columns: DataTableColumn<ApiKeyItem>[] = [
    {
      id: 'name',
      header: 'Name',
      phone: 'title',
      cell: (k) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{k.name}</span>
          <span className="font-mono text-xs text-muted-foreground">{k.prefix}…</span>
        </div>
      ),
      phoneCell: (k) => k.name,
    },
    {
      id: 'scopes',
      header: 'Scopes',
      phone: 'meta',
      cell: (k) => (
        <div className="flex flex-wrap gap-1">
          {k.scopes.map((s) => (
            <Badge key={s} variant="primary" className="font-mono">
              {s}
            </Badge>
          ))}
        </div>
      ),
      phoneCell: (k) => k.scopes.join(', '),
    },
    { id: 'created', header: 'Created', phone: 'meta', cell: (k) => shortDate(k.createdAt) },
    {
      id: 'used',
      header: 'Last used',
      phone: 'meta',
      cell: (k) => (k.lastUsedAt ? dateTime(k.lastUsedAt) : 'Never'),
      phoneCell: (k) => `Last used: ${k.lastUsedAt ? dateTime(k.lastUsedAt) : 'never'}`,
    },
  ];

  const add = (
    <Button onClick={() => setCreating(true)} data-testid="create-api-key">
      <Plus aria-hidden="true" />
      Create key
    </Button>
  );

  return (
    <IntegrationCard
      icon={KeyRound}
      title="API keys"
      description={
        <>
          For your own scripts and integrations: send a key as <code>Authorization: Bearer pw_live_…</code>.
        </>
      }
      action={add}
    >
      <DataTable
        caption="API keys"
        columns={columns}
        rows={keys.data ?? []}
        getRowId={(k) => k.id}
        loading={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        onRetry={() => void keys.refetch()}
        empty={{
          icon: KeyRound,
          title: 'No API keys',
          description: 'Create one to call the API without a password.',
        }}
        rowActions={(k) => (
          <Button variant="ghost" size="sm" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        )}
      />
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      {revoking ? (
        <ConfirmDialog
          open
          onCancel={() => setRevoking(null)}
          title={`Revoke “${revoking.name}”?`}
          description={`Every call with ${revoking.prefix}… fails from now on. This cannot be undone.`}
          confirmLabel="Revoke key"
          confirmTestId="confirm-revoke"
          pending={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                showSuccess('API key revoked');
                setRevoking(null);
              },
              onError: showError,
            })
          }
        />
      ) : null}
    </IntegrationCard>
  );
}
