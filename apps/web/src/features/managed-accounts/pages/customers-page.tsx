import { UserPlus } from 'lucide-react';
import { PageWithHeader } from '../../../components/ui/page-header';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { AccountsList } from '../components/accounts-list';
import { LinkButton } from '../../../components/ui/link-button';

const ACCOUNT_TYPES = [
  { value: 'mailbox', label: 'Mailbox' },
  { value: 'shipment', label: 'Shipping' },
  { value: 'both', label: 'Mailbox & Shipping' },
] as const;

/** Customers (spec 2.4): every customer for the super admin, a sub-admin's own for a sub-admin. */
export function CustomersPage() {
  const isSuperAdmin = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN');
  const add = (
    <LinkButton to="/customers/add" data-testid="add-customer" icon={UserPlus}>
      Add Customer
    </LinkButton>
  );
  return (
    <PageWithHeader
      title="Customers"
      description={
        isSuperAdmin ? 'Every customer account on the platform.' : 'The customers you look after and their mailboxes.'
      }
      actions={add}
    >
      <AccountsList
        kind="customers"
        store={listStores.customers}
        detailPath="/customers"
        caption="Customers"
        showOwner={isSuperAdmin}
        extraFilter={{
          name: 'accountType',
          label: 'Account type',
          options: ACCOUNT_TYPES,
          testId: 'filter-account-type',
        }}
        emptyTitle="No customers yet"
        emptyAction={add}
      />
    </PageWithHeader>
  );
}
