import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Mailbox, Truck } from 'lucide-react';
import { accountTypeProblem, canChooseShipping, toAccountType } from '@postwise/shared/schemas/onboarding';
import { hasMailbox, hasShipment } from '@postwise/shared/roles';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { showError } from '../../../lib/toast';
import { cn } from '../../../lib/utils';
import { useRegisterStore } from '../../../stores/register-store';
import { accountTypeRequest } from '../api/onboarding';
import { OnboardingHeader } from '../components/onboarding-header';
import { FieldError } from '../../../components/ui/field-error';

/**
 * Account Type of spec 2.7: Shipping Account and Virtual Mailbox checkboxes, then account info. The shipping
 * option is offered only when spec 6 allows it (not to a sub-admin, nor to a sub-admin's customer).
 */
export function AccountTypePage() {
  const navigate = useNavigate();
  const user = useRegisterStore((s) => s.user);
  const who = user ? { role: user.role.code, parentRole: user.parentUser?.role.code ?? null } : null;
  const shippingOffered = who ? canChooseShipping(who) : false;
  const [shipment, setShipment] = useState(hasShipment(user?.accountType));
  // Without the shipping option, Virtual Mailbox is the only choice: it starts ticked.
  const [mailbox, setMailbox] = useState(hasMailbox(user?.accountType) || !shippingOffered);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (type: NonNullable<ReturnType<typeof toAccountType>>) => accountTypeRequest(user?.id ?? '', type),
  });
  if (!user || !who) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const type = toAccountType(shippingOffered && shipment, mailbox);
    const found = accountTypeProblem(type, who);
    setProblem(found);
    if (found || !type) return;
    try {
      const updated = await save.mutateAsync(type);
      useRegisterStore.getState().setPending({ user: updated });
      navigate('/register/account-info');
    } catch (error) {
      showError(error);
    }
  };

  const options = [
    ...(shippingOffered
      ? [
          {
            id: 'shipment',
            label: 'Shipping Account',
            text: 'Ship parcels at discounted carrier postage, with pickups and an address book.',
            icon: Truck,
            checked: shipment,
            set: setShipment,
          },
        ]
      : []),
    {
      id: 'mailbox',
      label: 'Virtual Mailbox',
      text: 'A Los Angeles street address with mail and package scans, forwarding and pickup.',
      icon: Mailbox,
      checked: mailbox,
      set: setMailbox,
    },
  ];

  return (
    <div className="grid gap-8">
      <OnboardingHeader
        title="Account Type"
        subtitle={shippingOffered ? 'Choose one or both.' : 'Your account is a Virtual Mailbox.'}
        step="account-type"
        mailbox={mailbox || !shippingOffered}
      />
      <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Account type">
        <fieldset className="grid gap-3" aria-describedby={problem ? 'account-type-error' : undefined}>
          <legend className="sr-only">Account type</legend>
          {options.map((o) => (
            <label
              key={o.id}
              htmlFor={`account-type-${o.id}`}
              className={cn(
                'flex cursor-pointer items-start gap-4 rounded-card border p-4 transition-colors sm:p-5',
                o.checked ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <Checkbox
                id={`account-type-${o.id}`}
                checked={o.checked}
                onCheckedChange={(v) => {
                  o.set(v === true);
                  setProblem(null);
                }}
                data-testid={`account-type-${o.id}`}
                className="mt-1"
              />
              <o.icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
              <span className="grid gap-1">
                <span className="text-base font-semibold">{o.label}</span>
                <span className="text-sm text-muted-foreground">{o.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldError id="account-type-error">{problem}</FieldError>
        <div className="flex justify-end">
          <Button type="submit" size="lg" loading={save.isPending} data-testid="account-type-next">
            Next
          </Button>
        </div>
      </form>
    </div>
  );
}
