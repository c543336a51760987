import { useParams } from 'react-router';
import { useAccountDetail } from '../api/managed-accounts';
import { AccountDetail } from '../components/account-detail';
import { DetailError, DetailSkeleton } from '../components/detail-states';
import { EditAccountDialog } from '../components/edit-account-dialog';
import { StatusToggle } from '../components/status-toggle';

export function CustomerPage() {
  const { id } = useParams();
  const detail = useAccountDetail('customers', id);
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) return <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  return (
    <AccountDetail
      detail={detail.data}
      back={{ to: '/customers', label: 'Customers' }}
      manage={
        <>
          <EditAccountDialog kind="customers" detail={detail.data} />
          <StatusToggle kind="customers" detail={detail.data} />
        </>
      }
    />
  );
}
