import { useState } from 'react';
import { MapPin, Pencil, Plus, Store as StoreIcon, Trash2 } from 'lucide-react';
import { formatPmb, type Store } from '@postwise/shared/admin';
import { uspsState } from '@postwise/shared/mail';
import { Badge } from '../../../components/ui/badge';
import { IconButton } from '../../../components/ui/icon-button';
import { LinkButton } from '../../../components/ui/link-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { useDeleteStore, useSaveStore, useStores } from '../api/stores';
import { StoreForm } from '../components/store-form';
import { PlanUsageLine } from '../../../components/plan-limit';
import { formatPhone } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { summarizeHours } from '../lib/store-hours';
import { useListPage } from '../../../lib/use-list-page';

const listStore = listStores.configurationStore;

function EditStoreDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const save = useSaveStore(store.id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {store.name}</DialogTitle>
          <DialogDescription>Changes apply to new mailboxes; existing PMB numbers stay as they are.</DialogDescription>
        </DialogHeader>
        <StoreForm
          store={store}
          submitting={save.isPending}
          submitLabel="Save store"
          onCancel={onClose}
          onSubmit={(values) =>
            save.mutate(values, {
              onSuccess: () => {
                showSuccess('Store saved');
                onClose();
              },
              onError: showError,
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

function DeleteStoreDialog({ store, onClose }: { store: Store; onClose: () => void }) {
  const remove = useDeleteStore();
  return (
    <ConfirmDialog
      open
      onCancel={onClose}
      title={`Delete ${store.name}?`}
      description={
        store.mailboxCount > 0
          ? `This store holds ${store.mailboxCount} mailbox${store.mailboxCount === 1 ? '' : 'es'}: their PMB addresses depend on it, so it cannot be deleted.`
          : 'The store is removed from your locations. This cannot be undone.'
      }
      confirmDisabled={store.mailboxCount > 0}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(store.id, {
          onSuccess: () => {
            showSuccess('Store deleted');
            onClose();
          },
          onError: showError,
        })
      }
    />
  );
}

/** Store (spec 2.3, 2.4): the locations where customers' mail arrives, with their PMB numbering. */
export function StorePage() {
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const userId = useUserStore((s) => s.user?.id);
  const { list: stores, pagination } = useListPage(
    listStore,
    useStores,
    (p) => [p.pageNo, p.pageSize, undefined] as const,
  );
  const [editing, setEditing] = useState<Store | null>(null);
  const [deleting, setDeleting] = useState<Store | null>(null);

  const columns: DataTableColumn<Store>[] = [
    {
      id: 'name',
      header: 'Store',
      phone: 'title',
      phoneCell: (s) => s.name,
      // The phone number sits under the name: a column of its own pushed the table wider than 1280.
      cell: (s) => (
        <span className="grid gap-0.5">
          <span className="font-semibold">{s.name}</span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <span className="whitespace-nowrap">{formatPhone(s.phone)}</span>
            {/* Each owner has one default store (where their customers' new mailboxes open): the badge marks the
              viewer's own; another owner's default is said in the Owner column. */}
            {s.isDefault && s.owner.id === userId ? <Badge variant="primary">Default</Badge> : null}
          </span>
        </span>
      ),
    },
    {
      id: 'address',
      header: 'Address',
      phone: 'meta',
      phoneCell: (s) => `${s.address1}, ${s.city}`,
      cell: (s) => {
        const street = [s.address1, s.address2].filter(Boolean).join(', ');
        const place = `${s.city}, ${uspsState(s.state)} ${s.zip}`;
        return (
          <span className="flex items-start gap-1.5" title={`${street}, ${place}`}>
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
            <span className="grid min-w-40">
              <span className="truncate">{street}</span>
              <span className="truncate text-xs text-muted-foreground">{place}</span>
            </span>
          </span>
        );
      },
      className: 'max-w-72',
    },
    {
      id: 'hours',
      header: 'Hours',
      phone: 'hidden',
      cell: (s) => {
        const groups = summarizeHours(s.hours);
        if (groups.length === 0) return <span className="text-muted-foreground">--</span>;
        return (
          <span className="grid text-sm" title={s.hours}>
            {groups.slice(0, 2).map((g, i) => (
              <span key={g} className={cn('whitespace-nowrap', i > 0 && 'text-xs text-muted-foreground')}>
                {g}
              </span>
            ))}
            {groups.length > 2 ? (
              <span className="text-xs text-muted-foreground">+{groups.length - 2} more</span>
            ) : null}
          </span>
        );
      },
    },
    {
      id: 'pmb',
      header: 'Next PMB',
      phone: 'meta',
      phoneLabel: 'Next',
      cell: (s) => <span className="whitespace-nowrap">{formatPmb(s.pmbPrefix, s.nextPmbNumber)}</span>,
    },
    {
      id: 'mailboxes',
      header: 'Mailboxes',
      phone: 'amount',
      phoneCell: (s) => `${s.mailboxCount} mailbox${s.mailboxCount === 1 ? '' : 'es'}`,
      cell: (s) => <span className="tabular-nums">{s.mailboxCount}</span>,
      className: 'text-right',
    },
    ...(isSuperAdmin
      ? [
          {
            id: 'owner',
            header: 'Owner',
            phone: 'hidden' as const,
            cell: (s: Store) => (
              <span className="grid">
                <span>{s.owner.fullName || s.owner.email}</span>
                {s.isDefault && s.owner.id !== userId ? (
                  <span className="text-xs whitespace-nowrap text-muted-foreground">Default store</span>
                ) : null}
              </span>
            ),
          },
        ]
      : []),
    {
      id: 'default',
      header: 'Default',
      phoneOnly: true,
      phone: 'badge',
      cell: (s) => (s.isDefault && s.owner.id === userId ? <Badge variant="primary">Default</Badge> : null),
    },
  ];

  const add = (
    <LinkButton to="/add-store" icon={Plus} data-testid="add-store">
      Add Store
    </LinkButton>
  );

  return (
    <PageWithHeader
      title="Store"
      description={
        isSuperAdmin ? 'Every store location on the platform.' : 'Your store locations and their PMB numbering.'
      }
      actions={add}
    >
      {isSuperAdmin ? null : <PlanUsageLine />}
      <DataTable
        caption="Stores"
        columns={columns}
        {...tableQueryProps(stores)}
        getRowId={(s) => s.id}
        empty={{
          icon: StoreIcon,
          title: 'No stores yet',
          description: 'Add the location where your customers’ mail arrives; mailboxes get their PMB numbers there.',
          action: add,
        }}
        // Icon buttons (named by aria-label and title) leave the address and hours room at 1280.
        rowActions={(s) => (
          <>
            <IconButton icon={Pencil} label={`Edit ${s.name}`} title="Edit" onClick={() => setEditing(s)} />
            <IconButton icon={Trash2} label={`Delete ${s.name}`} title="Delete" onClick={() => setDeleting(s)} />
          </>
        )}
        pagination={pagination}
      />
      {editing ? <EditStoreDialog key={editing.id} store={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} /> : null}
    </PageWithHeader>
  );
}
