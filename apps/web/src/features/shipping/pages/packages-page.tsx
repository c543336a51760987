import { EMPTY_VALUE, money } from '../../../lib/format';
import { Boxes, Pencil, Plus, Trash2 } from 'lucide-react';
import type { PackagePresetDto } from '@postwise/shared/schemas/shipping-dto';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { SearchField } from '../../../components/ui/search-field';
import { PageWithHeader } from '../../../components/ui/page-header';
import { useListPage } from '../../../lib/use-list-page';
import { listStores } from '../../../stores/list-stores';
import { useDeletePreset, usePresetPage } from '../api/shipping-api';
import { useConfirmDelete } from '../components/confirm-delete';

const store = listStores.packages;

/** /packages: saved package presets to pick in the create-shipment wizard. */
export function PackagesPage() {
  const { list, filters, searchText, setSearchText, pagination } = useListPage(
    store,
    usePresetPage,
    (p) => [p.pageNo, p.pageSize, p.filters.search as string | undefined] as const,
    { search: true },
  );
  const search = filters.search as string | undefined;
  const remove = useConfirmDelete<PackagePresetDto>(useDeletePreset(), {
    done: 'Package deleted',
    title: 'Delete this package?',
    description: (p) => `${p.name} will no longer be offered.`,
  });

  const columns: DataTableColumn<PackagePresetDto>[] = [
    { id: 'name', header: 'Name', phone: 'title', cell: (p) => <span className="font-medium">{p.name}</span> },
    { id: 'type', header: 'Type', phone: 'meta', cell: (p) => p.packageType },
    {
      id: 'size',
      header: 'Dimensions',
      phone: 'meta',
      cell: (p) => `${p.dimension.length} × ${p.dimension.width} × ${p.dimension.height} ${p.dimension.unit}`,
    },
    { id: 'weight', header: 'Weight', phone: 'meta', cell: (p) => `${p.weight} ${p.weightUnits}` },
    {
      id: 'value',
      header: 'Declared value',
      phone: 'hidden',
      cell: (p) => (p.insuranceDeclared ? money(p.insuranceDeclared) : EMPTY_VALUE),
    },
  ];

  return (
    <PageWithHeader
      title="Packages"
      description="Boxes you ship often. Pick one in the package step of a new shipment."
      actions={
        <LinkButton to="/packages/new" icon={Plus}>
          Add package
        </LinkButton>
      }
    >
      <SearchField placeholder="Name" className="sm:w-72" value={searchText} onChange={setSearchText} />
      <DataTable
        caption="Package presets"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(p) => p.id}
        empty={{
          icon: Boxes,
          title: search ? 'No package matches' : 'No saved packages yet',
          description: search ? 'Try another name.' : 'Save the boxes you use most to fill them in with one click.',
        }}
        rowActions={(p) => (
          <>
            <LinkButton to={`/packages/${p.id}`} icon={Pencil} variant="ghost" size="sm" aria-label={`Edit ${p.name}`}>
              Edit
            </LinkButton>
            <Button variant="ghost" size="sm" aria-label={`Delete ${p.name}`} onClick={() => remove.ask(p)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
        pagination={pagination}
      />
      {remove.dialog}
    </PageWithHeader>
  );
}
