import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card';
import { PageWithHeader } from '../../../components/ui/page-header';
import { ApiError } from '../../../lib/api-client';
import { PlanLimitAlert, PlanUsageLine } from '../../../components/plan-limit';
import { showError, showSuccess } from '../../../lib/toast';
import { useUserStore } from '../../../stores/user-store';
import { useSaveStore } from '../api/stores';
import { StoreForm } from '../components/store-form';

/** Add Store (spec 2.1 /add-store). */
export function AddStorePage() {
  const navigate = useNavigate();
  const save = useSaveStore(null);
  // A sub-admin reaches the store list only through the unlocked Configuration tab.
  const canSeeList = useUserStore((s) => s.user?.role.code === 'SUPER_ADMIN' || s.configurationUnlocked);
  const back = () => navigate(canSeeList ? '/configuration/store' : '/dashboard');
  const isSubAdmin = useUserStore((s) => s.user?.role.code === 'SUB_ADMIN');
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  return (
    <PageWithHeader title="Add Store" description="A location where your customers’ mail and packages arrive.">
      {isSubAdmin ? <PlanUsageLine /> : null}
      {limitMessage ? <PlanLimitAlert message={limitMessage} /> : null}
      <Card className="max-w-3xl">
        <CardContent>
          <StoreForm
            submitting={save.isPending}
            submitLabel="Add Store"
            onCancel={back}
            onSubmit={(values) =>
              save.mutate(values, {
                onSuccess: (store) => {
                  showSuccess(`${store.name} added`);
                  back();
                },
                onError: (error) => {
                  // Over the plan's store limit: say so where the form is, with the upgrade path.
                  if (error instanceof ApiError && error.status === 409) setLimitMessage(error.message);
                  else showError(error);
                },
              })
            }
          />
        </CardContent>
      </Card>
    </PageWithHeader>
  );
}
