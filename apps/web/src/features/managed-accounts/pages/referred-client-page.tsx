import { useParams } from 'react-router';
import { useAccountDetail } from '../api/managed-accounts';
import { AccountDetail } from '../components/account-detail';
import { DetailError, DetailSkeleton } from '../components/detail-states';

export function ReferredClientPage() {
  const { id } = useParams();
  const detail = useAccountDetail('referred-clients', id);
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) return <DetailError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  return <AccountDetail detail={detail.data} back={{ to: '/referred-clients', label: 'Referred Clients' }} />;
}
