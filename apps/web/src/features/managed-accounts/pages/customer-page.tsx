import { AccountDetailPage } from '../components/account-detail-page';

export function CustomerPage() {
  return <AccountDetailPage kind="customers" back={{ to: '/customers', label: 'Customers' }} />;
}
