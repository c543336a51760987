import { PageHeader } from '../../../components/ui/page-header';
import { AddAccountForm } from '../components/add-account-form';

export function CustomerAddPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Add Customer"
        description="Invite a customer: they finish registration from the e-mailed link."
      />
      <AddAccountForm kind="customers" />
    </div>
  );
}
