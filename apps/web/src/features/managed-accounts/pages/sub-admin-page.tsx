import { AccountDetailPage } from '../components/account-detail-page';

export function SubAdminPage() {
  return <AccountDetailPage kind="sub-admins" back={{ to: '/sub-admins', label: 'Sub Admins' }} />;
}
