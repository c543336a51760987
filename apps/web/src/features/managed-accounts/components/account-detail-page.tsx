import { useParams } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { useAccountDetail, type AccountKind } from '../api/managed-accounts';
import { AccountDetail } from './account-detail';
import { DetailSkeleton } from './detail-states';
import { EditAccountDialog } from './edit-account-dialog';
import { StatusToggle } from './status-toggle';

/**
 * The page of one account of a list (the :id in the address): loading and failure states, then its details.
 * Customers and sub-admins can be edited and (de)activated there; referred clients are read-only.
 */
export function AccountDetailPage({ kind, back }: { kind: AccountKind; back: { to: string; label: string } }) {
  const { id } = useParams();
  const detail = useAccountDetail(kind, id);
  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError)
    return <QueryErrorState query={detail} icon={AlertTriangle} title="Could not load this account" />;
  return (
    <AccountDetail
      detail={detail.data}
      back={back}
      manage={
        kind === 'referred-clients' ? undefined : (
          <>
            <EditAccountDialog kind={kind} detail={detail.data} />
            <StatusToggle kind={kind} detail={detail.data} />
          </>
        )
      }
    />
  );
}
