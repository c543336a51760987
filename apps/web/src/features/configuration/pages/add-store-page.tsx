import { useNavigate } from 'react-router';
import { Card, CardContent } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
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
  return (
    <div className="grid gap-6">
      <PageHeader title="Add Store" description="A location where your customers’ mail and packages arrive." />
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
                onError: showError,
              })
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
