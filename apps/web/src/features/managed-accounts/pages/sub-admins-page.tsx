import { UserPlus, Wallet } from 'lucide-react';
import { PageWithHeader } from '../../../components/ui/page-header';
import { listStores } from '../../../stores/list-stores';
import { AccountsList } from '../components/accounts-list';
import { LinkButton } from '../../../components/ui/link-button';

const FLAG = [
  { value: 'true', label: 'Super sub-admins' },
  { value: 'false', label: 'Other sub-admins' },
] as const;

/** Sub Admins (spec 2.4, super admin): resellers with their customers and stores. */
export function SubAdminsPage() {
  const add = (
    <div className="flex flex-wrap gap-2">
      <LinkButton to="/sub-admins/payouts" icon={Wallet} variant="outline">
        Payouts
      </LinkButton>
      <LinkButton to="/sub-admins/add" data-testid="add-sub-admin" icon={UserPlus}>
        Add Sub Admin
      </LinkButton>
    </div>
  );
  return (
    <PageWithHeader title="Sub Admins" description="Resellers, their customers, stores and referrals." actions={add}>
      <AccountsList
        kind="sub-admins"
        store={listStores.subAdmins}
        detailPath="/sub-admins"
        caption="Sub admins"
        extraFilter={{ name: 'isSuperSubAdmin', label: 'Referrals', options: FLAG, testId: 'filter-super' }}
        emptyTitle="No sub-admins yet"
        emptyAction={add}
      />
    </PageWithHeader>
  );
}
