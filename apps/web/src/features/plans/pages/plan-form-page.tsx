import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle } from 'lucide-react';
import type { Plan, PlanAudience } from '@postwise/shared/plans';
import {
  ADDITIONAL_FEE_KEYS,
  centsToDollars,
  FEE_HINTS,
  FEE_LABELS,
  PENALTY_FEE_KEYS,
  planFormSchema,
  planFormToInput,
  type PlanFormValues,
} from '@postwise/shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText, showPlanOrCardToast } from '../../../lib/toast';
import { usePlan, useSavePlan } from '../api/plans-api';
import { PLAN_KINDS } from '../components/plan-kind';
import { BackLink } from '../../../components/ui/back-link';
import { LinkButton } from '../../../components/ui/link-button';

function emptyFees<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
}

function toForm(plan: Plan | undefined): PlanFormValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      price: '',
      validity: 'month',
      isPopular: false,
      scanCount: '',
      numberOfStores: '',
      numberOfMailboxes: '',
      additionalFee: emptyFees(ADDITIONAL_FEE_KEYS),
      penaltyFee: emptyFees(PENALTY_FEE_KEYS),
    };
  }
  const fees = <K extends string>(keys: readonly K[], values: Record<K, number>) =>
    Object.fromEntries(keys.map((k) => [k, centsToDollars(values[k])])) as Record<K, string>;
  return {
    name: plan.name,
    description: plan.description ?? '',
    price: centsToDollars(plan.price),
    validity: plan.validity,
    isPopular: plan.isPopular,
    scanCount: String(plan.scanCount),
    numberOfStores: plan.numberOfStores == null ? '' : String(plan.numberOfStores),
    numberOfMailboxes: plan.numberOfMailboxes == null ? '' : String(plan.numberOfMailboxes),
    additionalFee: fees(ADDITIONAL_FEE_KEYS, plan.additionalFee),
    penaltyFee: fees(PENALTY_FEE_KEYS, plan.penaltyFee),
  };
}

function PlanForm({ audience, plan }: { audience: PlanAudience; plan?: Plan }) {
  const kind = PLAN_KINDS[audience];
  const navigate = useNavigate();
  const save = useSavePlan(audience, plan?.id);
  const popularId = useId();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema(audience)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: toForm(plan),
  });
  const validity = watch('validity');

  const submit = async (values: PlanFormValues) => {
    try {
      await save.mutateAsync(planFormToInput(values));
      showPlanOrCardToast(plan ? 'Plan updated successfully' : 'Plan created successfully');
      navigate(kind.base);
    } catch (error) {
      showPlanOrCardToast(errorText(error), 'error');
    }
  };

  const money = (
    name: `additionalFee.${string}` | `penaltyFee.${string}` | 'price',
    label: string,
    error?: string,
    hint?: string,
  ) => (
    <FormField key={name} id={`plan-${name}`} label={label} error={error} description={hint}>
      <Input inputMode="decimal" placeholder="0.00" {...register(name as 'price')} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" data-testid="plan-form">
      <Card>
        <CardHeader>
          <CardTitle>Plan</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField id="plan-name" label="Name" error={errors.name?.message}>
            <Input placeholder="e.g. Standard Mailbox" {...register('name')} />
          </FormField>
          <FormField id="plan-validity" label="Validity" error={errors.validity?.message}>
            <Controller
              control={control}
              name="validity"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="plan-validity">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="month">Monthly</SelectItem>
                    <SelectItem value="year">Annual</SelectItem>
                    {audience === 'customer' ? (
                      <SelectItem value="topup">Scan package (never expires)</SelectItem>
                    ) : null}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {money(
            'price',
            validity === 'topup' ? 'Price ($)' : `Price per ${validity === 'year' ? 'year' : 'month'} ($)`,
            errors.price?.message,
          )}
          <FormField
            id="plan-scans"
            label={validity === 'topup' ? 'Scans in the package' : 'Scans included'}
            error={errors.scanCount?.message}
          >
            <Input inputMode="numeric" placeholder="0" {...register('scanCount')} />
          </FormField>
          {audience === 'sub_admin' ? (
            <>
              <FormField id="plan-stores" label="Number of stores" error={errors.numberOfStores?.message}>
                <Input inputMode="numeric" placeholder="1" {...register('numberOfStores')} />
              </FormField>
              <FormField id="plan-mailboxes" label="Number of mailboxes" error={errors.numberOfMailboxes?.message}>
                <Input inputMode="numeric" placeholder="100" {...register('numberOfMailboxes')} />
              </FormField>
            </>
          ) : null}
          <FormField
            id="plan-description"
            label="Description (optional)"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Input placeholder="One line shown on the plan card" {...register('description')} />
          </FormField>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Controller
              control={control}
              name="isPopular"
              render={({ field }) => (
                <Checkbox id={popularId} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              )}
            />
            <Label htmlFor={popularId}>Mark as popular</Label>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Additional fees ($)</CardTitle>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {ADDITIONAL_FEE_KEYS.map((k) =>
            money(`additionalFee.${k}`, FEE_LABELS[k], errors.additionalFee?.[k]?.message, FEE_HINTS[k]),
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Penalty fees ($)</CardTitle>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {PENALTY_FEE_KEYS.map((k) =>
            money(`penaltyFee.${k}`, FEE_LABELS[k], errors.penaltyFee?.[k]?.message, FEE_HINTS[k]),
          )}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <LinkButton to={kind.base} variant="outline">
          Cancel
        </LinkButton>
        <Button type="submit" loading={save.isPending} data-testid="save-plan">
          {plan ? 'Save changes' : 'Add plan'}
        </Button>
      </div>
    </form>
  );
}

function PlanFormScreen({ audience }: { audience: PlanAudience }) {
  const kind = PLAN_KINDS[audience];
  const { id } = useParams();
  const plan = usePlan(id);
  const back = <BackLink to={kind.base}>Back to {kind.title}</BackLink>;
  const title = id ? `Edit ${kind.singular}` : `Add ${kind.singular}`;
  let body;
  if (!id) body = <PlanForm audience={audience} />;
  else if (plan.isPending) body = <Skeleton className="h-96 w-full rounded-card" />;
  else if (plan.isError) {
    body = (
      <Card>
        <EmptyState icon={AlertTriangle} title="Plan not found" description={errorText(plan.error)} />
      </Card>
    );
  } else body = <PlanForm key={plan.data.id} audience={audience} plan={plan.data} />;
  return (
    <div className="grid gap-6">
      {back}
      <PageHeader title={title} description={kind.description} />
      {body}
    </div>
  );
}

export function CustomerPlanFormPage() {
  return <PlanFormScreen audience="customer" />;
}

export function SubAdminPlanFormPage() {
  return <PlanFormScreen audience="sub_admin" />;
}
