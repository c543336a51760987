import { PageHeader } from '../../../components/ui/page-header';
import { AddAccountForm } from '../components/add-account-form';

export function SubAdminAddPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Add Sub Admin"
        description="Invite a reseller: they finish registration from the e-mailed link."
      />
      <AddAccountForm kind="sub-admins" />
    </div>
  );
}
