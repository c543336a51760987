import { useState } from 'react';
import { AlertTriangle, Mailbox, PackageOpen, Pencil, Plus, Sparkles, Store, Trash2 } from 'lucide-react';
import type { PlanValidity } from '@postwise/shared/constants';
import { planCardColor, type Plan, type PlanAudience } from '@postwise/shared/plans';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageWithHeader } from '../../../components/ui/page-header';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { SkeletonList } from '../../../components/ui/skeleton';
import { money } from '../../../lib/format';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useUserStore } from '../../../stores/user-store';
import { useDeletePlan, usePlanList } from '../api/plans-api';
import { PLAN_KINDS } from '../components/plan-kind';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkButton } from '../../../components/ui/link-button';

const BAND: Record<string, string> = { red: 'bg-[#b91c1c]', blue: 'bg-[#1d4ed8]', orange: 'bg-orange' };

function PlanTile({ plan, index, base, onDelete }: { plan: Plan; index: number; base: string; onDelete: () => void }) {
  const per = plan.validity === 'year' ? 'year' : plan.validity === 'month' ? 'month' : null;
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="plan-tile">
      <div className={cn('flex items-center justify-between gap-2 px-5 py-3 text-white', BAND[planCardColor(index)])}>
        <h2 className="truncate text-base font-bold">{plan.name}</h2>
        {plan.isPopular ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-bold text-navy-950">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Popular
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex items-baseline gap-1">
          <span className="text-2xl font-extrabold tracking-tight">{money(plan.price)}</span>
          <span className="text-sm text-muted-foreground">{per ? `/ ${per}` : 'one-off, never expires'}</span>
        </p>
        <ul className="grid gap-1.5 text-sm">
          <li>{plan.validity === 'topup' ? `${plan.scanCount} scans` : `Starts with ${plan.scanCount} scans`}</li>
          {plan.numberOfStores != null ? (
            <li className="flex items-center gap-2">
              <Store aria-hidden="true" className="size-4 text-primary" />
              {plan.numberOfStores} {plan.numberOfStores === 1 ? 'store' : 'stores'}
            </li>
          ) : null}
          {plan.numberOfMailboxes != null ? (
            <li className="flex items-center gap-2">
              <Mailbox aria-hidden="true" className="size-4 text-primary" />
              {plan.numberOfMailboxes} mailboxes
            </li>
          ) : null}
          {plan.validity !== 'topup' ? (
            <li className="text-muted-foreground">
              Late fee {money(plan.penaltyFee.late)} / week · reinstatement {money(plan.penaltyFee.reinstatement)}
            </li>
          ) : null}
        </ul>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <LinkButton to={`${base}/edit/${plan.id}`} icon={Pencil} variant="outline" size="sm">
            Edit<span className="sr-only"> {plan.name}</span>
          </LinkButton>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {plan.name}</span>
          </Button>
        </div>
      </div>
    </Card>
  );
}

function PlanList({ audience }: { audience: PlanAudience }) {
  const kind = PLAN_KINDS[audience];
  const isSubAdmin = useUserStore((s) => s.user?.role.code === 'SUB_ADMIN');
  const tabs: { value: PlanValidity; label: string }[] = [
    { value: 'month', label: 'Monthly' },
    { value: 'year', label: 'Annual' },
    ...(audience === 'customer' ? [{ value: 'topup' as const, label: 'Scan packages' }] : []),
  ];
  const [validity, setValidity] = useState<PlanValidity>('month');
  const plans = usePlanList(audience, validity, isSubAdmin);
  const remove = useDeletePlan();
  const [deleting, setDeleting] = useState<Plan | null>(null);

  const add = (
    <LinkButton to={`${kind.base}/add`} data-testid="add-plan" icon={Plus}>
      Add plan
    </LinkButton>
  );

  let body;
  if (plans.isPending) {
    body = (
      <SkeletonList count={3} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" itemClassName="h-56 rounded-card" />
    );
  } else if (plans.isError) {
    body = (
      <Card>
        <QueryErrorState query={plans} icon={AlertTriangle} title="Could not load the plans" />
      </Card>
    );
  } else if (plans.data.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={PackageOpen}
          title="No Plan found"
          description="Add the first plan of this kind."
          action={add}
        />
      </Card>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={kind.title}>
        {plans.data.map((plan, index) => (
          <li key={plan.id} className="grid">
            <PlanTile plan={plan} index={index} base={kind.base} onDelete={() => setDeleting(plan)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageWithHeader title={kind.title} description={kind.description} actions={add}>
      <SegmentedControl
        role="tab"
        label="Validity"
        options={tabs}
        value={validity}
        onChange={setValidity}
        className="flex w-fit flex-wrap gap-1"
      />
      <div role="tabpanel" aria-label={tabs.find((t) => t.value === validity)?.label}>
        {body}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        description="The plan is no longer offered. Subscribers keep it until they change plans; past invoices stay as they are."
        cancelLabel="Keep plan"
        confirmLabel="Delete plan"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showPlanOrCardToast('Plan deleted');
              setDeleting(null);
            },
            onError: (error) => showPlanOrCardToast(errorText(error), 'error'),
          })
        }
      />
    </PageWithHeader>
  );
}

/** /configuration/customer-plans (SUPER_ADMIN, SUB_ADMIN). */
export function CustomerPlansPage() {
  return <PlanList audience="customer" />;
}

/** /configuration/sub-admin-plans (SUPER_ADMIN). */
export function SubAdminPlansPage() {
  return <PlanList audience="sub_admin" />;
}
