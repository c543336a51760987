import { AccountDetailPage } from '../components/account-detail-page';

export function ReferredClientPage() {
  return <AccountDetailPage kind="referred-clients" back={{ to: '/referred-clients', label: 'Referred Clients' }} />;
}
