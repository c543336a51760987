import { formatPhone } from '../../../lib/format';
import { useState } from 'react';
import { BookUser, FileUp, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { SearchField } from '../../../components/ui/search-field';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import { useAddressPage, useDeleteAddress, useMakeDefaultAddress } from '../api/shipping-api';
import { AddressImportDialog } from '../components/address-import-dialog';
import { useConfirmDelete } from '../components/confirm-delete';
import { useListPage } from '../../../lib/use-list-page';

const store = listStores.addresses;

/** /address-list: own addresses (default sender first), searched by name, paged by the API. */
export function AddressListPage() {
  const { list, filters, searchText, setSearchText, pagination } = useListPage(
    store,
    useAddressPage,
    (p) => [p.pageNo, p.pageSize, p.filters.search as string | undefined] as const,
    { search: true },
  );
  const search = filters.search as string | undefined;
  const makeDefault = useMakeDefaultAddress();
  const remove = useConfirmDelete<SavedAddressDto>(useDeleteAddress(), {
    done: 'Address deleted',
    title: 'Delete this address?',
    description: (a) => `${a.name}, ${a.city}. Shipments already made keep their copy.`,
  });
  const [importing, setImporting] = useState(false);

  const setDefault = async (a: SavedAddressDto) => {
    try {
      await makeDefault.mutateAsync(a.id);
      showSuccess(`${a.name} is now your default sender`);
    } catch (error) {
      showError(error);
    }
  };

  const columns: DataTableColumn<SavedAddressDto>[] = [
    {
      id: 'name',
      header: 'Name',
      phone: 'title',
      phoneCell: (a) => (a.companyName ? `${a.name} · ${a.companyName}` : a.name),
      cell: (a) => (
        <div className="grid">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            {a.name}
            {a.isDefault ? <Badge variant="primary">Default sender</Badge> : null}
          </span>
          {a.companyName ? <span className="text-xs text-muted-foreground">{a.companyName}</span> : null}
        </div>
      ),
    },
    {
      id: 'address',
      header: 'Address',
      phone: 'meta',
      phoneCell: (a) => `${a.line1}, ${a.city}, ${a.state} ${a.zipCode}`,
      cell: (a) => (
        <div className="grid text-sm">
          <span>{[a.line1, a.line2].filter(Boolean).join(', ')}</span>
          <span className="text-muted-foreground">{`${a.city}, ${a.state} ${a.zipCode} ${a.country}`}</span>
        </div>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      phone: 'hidden',
      cell: (a) => <span className="whitespace-nowrap">{formatPhone(a.phone)}</span>,
    },
    {
      id: 'default',
      header: 'Default',
      phoneOnly: true,
      phone: 'badge',
      cell: (a) => (a.isDefault ? <Badge variant="primary">Default sender</Badge> : null),
    },
  ];

  return (
    <PageWithHeader
      title="Address List"
      description="Senders and receivers you ship with. The default sender is filled in when you create a shipment."
      actions={
        <>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <FileUp aria-hidden="true" />
            Import CSV
          </Button>
          <LinkButton to="/address-list/new" icon={Plus}>
            Add address
          </LinkButton>
        </>
      }
    >
      <SearchField placeholder="Name" className="sm:w-72" value={searchText} onChange={setSearchText} />
      <DataTable
        caption="Addresses"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(a) => a.id}
        empty={{
          icon: BookUser,
          title: search ? 'No address matches' : 'No addresses yet',
          description: search ? 'Try another name.' : 'Add the people and places you ship to.',
        }}
        rowActions={(a) => (
          <>
            <LinkButton
              to={`/address-list/${a.id}`}
              icon={Pencil}
              variant="ghost"
              size="sm"
              aria-label={`Edit ${a.name}`}
            >
              Edit
            </LinkButton>
            {a.isDefault ? null : (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Make ${a.name} the default sender`}
                loading={makeDefault.isPending && makeDefault.variables === a.id}
                onClick={() => void setDefault(a)}
              >
                <Star aria-hidden="true" />
                Default
              </Button>
            )}
            <Button variant="ghost" size="sm" aria-label={`Delete ${a.name}`} onClick={() => remove.ask(a)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
        pagination={pagination}
      />
      <AddressImportDialog open={importing} onOpenChange={setImporting} />
      {remove.dialog}
    </PageWithHeader>
  );
}
