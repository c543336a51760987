import { PageWithHeader } from '../../../components/ui/page-header';
import { listStores } from '../../../stores/list-stores';
import { useUserStore } from '../../../stores/user-store';
import { AccountsList } from '../components/accounts-list';
import { InvitationLinks } from '../components/invitation-links';

const ROLES = [
  { value: 'SUB_ADMIN', label: 'Sub admins' },
  { value: 'USER', label: 'Customers' },
] as const;

/** Referred Clients (spec 2.4, super sub-admin): accounts that registered through their invitation link. */
export function ReferredClientsPage() {
  const userId = useUserStore((s) => s.user?.id);
  return (
    <PageWithHeader
      title="Referred Clients"
      description="Sub-admins and customers who signed up through your invitation link."
    >
      <AccountsList
        kind="referred-clients"
        store={listStores.referredClients}
        detailPath="/referred-clients"
        caption="Referred clients"
        extraFilter={{ name: 'role', label: 'Role', options: ROLES, testId: 'filter-role' }}
        emptyTitle="No referred clients yet"
      />
      {userId ? <InvitationLinks userId={userId} /> : null}
    </PageWithHeader>
  );
}
