import { PageWithHeader } from '../../../components/ui/page-header';
import { AddAccountForm } from '../components/add-account-form';

export function SubAdminAddPage() {
  return (
    <PageWithHeader
      title="Add Sub Admin"
      description="Invite a reseller: they finish registration from the e-mailed link."
    >
      <AddAccountForm kind="sub-admins" />
    </PageWithHeader>
  );
}
