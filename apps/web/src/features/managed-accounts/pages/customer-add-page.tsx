import { PageWithHeader } from '../../../components/ui/page-header';
import { AddAccountForm } from '../components/add-account-form';

export function CustomerAddPage() {
  return (
    <PageWithHeader
      title="Add Customer"
      description="Invite a customer: they finish registration from the e-mailed link."
    >
      <AddAccountForm kind="customers" />
    </PageWithHeader>
  );
}
