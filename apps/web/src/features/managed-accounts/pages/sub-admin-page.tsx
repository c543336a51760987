import { useParams } from 'react-router';
import { useAccountDetail } from '../api/managed-accounts';
import { AccountDetail } from '../components/account-detail';
import { DetailError, DetailSkeleton } from '../components/detail-states';
import { EditAccountDialog } from '../components/edit-account-dialog';
import { StatusToggle } from '../components/status-toggle';

export function SubAdminPage() {
  const { id } = useParams();
  const detail = useAccountDetail('sub-admins', id);
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) return <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  return (
    <AccountDetail
      detail={detail.data}
      back={{ to: '/sub-admins', label: 'Sub Admins' }}
      manage={
        <>
          <EditAccountDialog kind="sub-admins" detail={detail.data} />
          <StatusToggle kind="sub-admins" detail={detail.data} />
        </>
      }
    />
  );
}
