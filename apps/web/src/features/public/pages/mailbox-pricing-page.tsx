import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Info, PackageOpen } from 'lucide-react';
import type { Plan } from '@postwise/shared/plans';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryErrorState } from '../../../components/ui/query-error-state';
import { SkeletonList } from '../../../components/ui/skeleton';
import { useLightQuery } from '../../../lib/light-query';
import { cn } from '../../../lib/utils';
import { homePlansQueryOptions } from '../api/plans';
import { FeeTable } from '../components/fee-table';
import { PlanCard, ScanPackageCard } from '../components/plan-card';
import { PageHero, Section, SectionHeading } from '../components/section';
import { NAMES_PER_PLAN } from '../lib/company';
import { usePageMeta } from '../lib/use-page-meta';

type Billing = 'month' | 'year';

function BillingToggle({ value, onChange }: { value: Billing; onChange: (v: Billing) => void }) {
  const options: { value: Billing; label: string }[] = [
    { value: 'month', label: 'Monthly' },
    { value: 'year', label: 'Annual' },
  ];
  return (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex w-fit rounded-full border bg-background p-1 shadow-xs"
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-full px-5 py-2 text-sm font-semibold transition-colors',
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function PlansSkeleton() {
  return (
    <SkeletonList
      count={3}
      className="grid gap-6 md:grid-cols-3"
      itemClassName="h-[28rem] rounded-card"
      label="Loading plans"
    />
  );
}

export function MailboxPricingPage() {
  usePageMeta(
    'Postwise mailbox pricing: monthly and annual virtual mailbox plans for up to 2 names, scan packages that never expire, and every receiving, storage and late fee listed up front.',
  );
  const [billing, setBilling] = useState<Billing>('month');
  const query = useLightQuery(homePlansQueryOptions());

  const { mailboxPlans, scanPackages, monthlyByName } = useMemo(() => {
    const all = query.data ?? [];
    return {
      mailboxPlans: all.filter((p) => p.validity === billing),
      scanPackages: all.filter((p) => p.validity === 'topup'),
      monthlyByName: new Map(all.filter((p) => p.validity === 'month').map((p) => [p.name, p.price])),
    };
  }, [query.data, billing]);

  const yearlyAtMonthly = (plan: Plan) =>
    plan.validity === 'year' && monthlyByName.has(plan.name) ? monthlyByName.get(plan.name)! * 12 : undefined;

  return (
    <>
      <PageHero
        eyebrow="Mailbox pricing"
        title="Simple plans, every fee in plain sight"
        lead={`Each plan gives you a real Los Angeles street address for up to ${NAMES_PER_PLAN} names and starts with a set number of scans. Need more scans? Add a scan package; those scans never expire.`}
      >
        <BillingToggle value={billing} onChange={setBilling} />
      </PageHero>

      <Section aria-labelledby="plans-heading" className="pt-10 sm:pt-14">
        <h2 id="plans-heading" className="sr-only">
          Mailbox plans, {billing === 'month' ? 'monthly' : 'annual'} billing
        </h2>
        {query.isPending ? (
          <PlansSkeleton />
        ) : query.isError ? (
          <QueryErrorState query={query} icon={Info} title="We could not load the plans" />
        ) : mailboxPlans.length === 0 ? (
          <EmptyState
            icon={PackageOpen}
            title="No Plan found"
            description="There is no plan with this billing period right now. Try the other one, or contact us."
          />
        ) : (
          <div className="grid gap-6 md:grid-cols-3 lg:items-start lg:py-3" data-testid="plan-grid">
            {mailboxPlans.map((plan, i) => (
              <PlanCard key={plan.id} plan={plan} index={i} yearlyAtMonthlyPrice={yearlyAtMonthly(plan)} />
            ))}
          </div>
        )}
      </Section>

      {scanPackages.length > 0 ? (
        <Section aria-labelledby="scan-packages-heading" className="bg-surface">
          <SectionHeading
            id="scan-packages-heading"
            eyebrow="Scan packages"
            title="More scans whenever you need them"
            lead="Buy once, use any time: scans from a package never expire."
          />
          <div className="mt-10 grid gap-4 sm:grid-cols-3" data-testid="scan-package-grid">
            {scanPackages.map((plan) => (
              <ScanPackageCard key={plan.id} plan={plan} />
            ))}
          </div>
        </Section>
      ) : null}

      {mailboxPlans.length > 0 ? (
        <Section aria-labelledby="fees-heading">
          <SectionHeading
            id="fees-heading"
            eyebrow="Fees"
            title="What else can cost money"
            lead="Your plan price covers your address, its scans and the services above. These fees apply only when what they describe happens, and they are listed here so nothing on your invoice is a surprise. Forwarding is charged at standard carrier rates."
          />
          <div className="mx-auto mt-10 max-w-3xl">
            <FeeTable plans={mailboxPlans} />
          </div>
          <ul className="mx-auto mt-8 grid max-w-3xl gap-2 text-sm text-muted-foreground">
            <li>• Invoices are due within 14 days; plans are not prorated or refunded.</li>
            <li>• Please collect or forward your mail at least once a month.</li>
            <li>• Our liability for any item is limited to $100; insure valuable items when forwarding.</li>
          </ul>
          <div className="mt-8 flex justify-center">
            <Button asChild variant="link">
              <Link to="/policy-terms">Read the full terms</Link>
            </Button>
          </div>
        </Section>
      ) : null}
    </>
  );
}
