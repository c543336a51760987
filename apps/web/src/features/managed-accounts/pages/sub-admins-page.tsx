import { Link } from 'react-router';
import { UserPlus, Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { listStores } from '../../../stores/list-stores';
import { AccountsList } from '../components/accounts-list';

const FLAG = [
  { value: 'true', label: 'Super sub-admins' },
  { value: 'false', label: 'Other sub-admins' },
] as const;

/** Sub Admins (spec 2.4, super admin): resellers with their customers and stores. */
export function SubAdminsPage() {
  const add = (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <Link to="/sub-admins/payouts">
          <Wallet aria-hidden="true" />
          Payouts
        </Link>
      </Button>
      <Button asChild>
        <Link to="/sub-admins/add" data-testid="add-sub-admin">
          <UserPlus aria-hidden="true" />
          Add Sub Admin
        </Link>
      </Button>
    </div>
  );
  return (
    <div className="grid gap-6">
      <PageHeader title="Sub Admins" description="Resellers, their customers, stores and referrals." actions={add} />
      <AccountsList
        kind="sub-admins"
        store={listStores.subAdmins}
        detailPath="/sub-admins"
        caption="Sub admins"
        extraFilter={{ name: 'isSuperSubAdmin', label: 'Referrals', options: FLAG, testId: 'filter-super' }}
        emptyTitle="No sub-admins yet"
        emptyAction={add}
      />
    </div>
  );
}
