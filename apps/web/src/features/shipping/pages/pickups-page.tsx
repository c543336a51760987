import { useState } from 'react';
import { CalendarPlus, Truck, XCircle } from 'lucide-react';
import type { PickupDto } from '@postwise/shared/shipping-api';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { personColumn } from '../../../components/person-column';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { tableQueryProps } from '../../../components/ui/table-query';
import { PageWithHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { useCancelPickup, usePickupPage } from '../api/shipping-api';
import { EMPTY_VALUE, plural, shortDate } from '../../../lib/format';
import { useListPage } from '../../../lib/use-list-page';

const store = listStores.pickup;

/** /pickups: scheduled and cancelled carrier pickups, latest date first. */
/** What a pickup collects: "1 shipment", "3 packages" (singular for one). */
export function pickupContents(p: Pick<PickupDto, 'shipmentIds' | 'packageCount'>): string {
  return p.shipmentIds.length > 0 ? plural(p.shipmentIds.length, 'shipment') : plural(p.packageCount, 'package');
}

export function PickupsPage() {
  const { list, pagination } = useListPage(store, usePickupPage, (p) => [p.pageNo, p.pageSize] as const);
  const cancel = useCancelPickup();
  // The super admin's list is every customer's pickups, each with whose it is.
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const [cancelling, setCancelling] = useState<string | null>(null);

  const cancelPickup = async (p: PickupDto) => {
    setCancelling(p.id);
    try {
      await cancel.mutateAsync(p.id);
      showSuccess('Pickup cancelled');
    } catch (error) {
      showError(error);
    } finally {
      setCancelling(null);
    }
  };

  const customerColumn: DataTableColumn<PickupDto>[] = isSuperAdmin
    ? [personColumn<PickupDto>({ id: 'customer', header: 'Customer', person: (p) => p.customer })]
    : [];

  const columns: DataTableColumn<PickupDto>[] = [
    {
      id: 'date',
      header: 'Date',
      phone: 'title',
      phoneCell: (p) => `${shortDate(p.date)}, ${p.windowStart}–${p.windowEnd}`,
      cell: (p) => <span className="font-medium">{shortDate(p.date)}</span>,
    },
    ...customerColumn,
    { id: 'window', header: 'Time window', cell: (p) => `${p.windowStart}–${p.windowEnd}` },
    { id: 'carrier', header: 'Carrier', phone: 'meta', cell: (p) => p.carrier },
    {
      id: 'address',
      header: 'Address',
      phone: 'meta',
      phoneCell: (p) => `${p.address.line1}, ${p.address.city}`,
      cell: (p) => `${p.address.line1}, ${p.address.city}, ${p.address.state} ${p.address.zipCode}`,
    },
    {
      id: 'what',
      header: 'Packages',
      phone: 'meta',
      cell: pickupContents,
    },
    { id: 'status', header: 'Status', phone: 'badge', cell: (p) => <StatusBadge status={p.status} /> },
    { id: 'confirmation', header: 'Confirmation', phone: 'hidden', cell: (p) => p.confirmation ?? EMPTY_VALUE },
  ];

  return (
    <PageWithHeader
      title="Pickups"
      description={
        isSuperAdmin
          ? "Every customer's carrier pickups, with whose each one is."
          : 'Have the carrier collect your packages at your door.'
      }
      actions={
        <LinkButton to="/pickups/schedule" icon={CalendarPlus}>
          Schedule pickup
        </LinkButton>
      }
    >
      <DataTable
        caption="Pickups"
        columns={columns}
        {...tableQueryProps(list)}
        getRowId={(p) => p.id}
        empty={{ icon: Truck, title: 'No pickups yet', description: 'Schedule one and the carrier comes to you.' }}
        rowActions={(p) =>
          p.status === 'scheduled' ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Cancel the pickup on ${shortDate(p.date)}`}
              loading={cancelling === p.id}
              onClick={() => void cancelPickup(p)}
            >
              <XCircle aria-hidden="true" />
              Cancel
            </Button>
          ) : null
        }
        pagination={pagination}
      />
    </PageWithHeader>
  );
}
