import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { pickupSchema } from '@postwise/shared/schemas/shipping';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showError, showSuccess } from '../../../lib/toast';
import { AddressFields, type FieldErrors } from '../components/address-fields';
import { addressInput, issuesByField } from '../components/draft-input';
import { FormPage } from '../components/form-page';
import { ChoiceSelect } from '../../../components/ui/choice-select';
import { useDefaultAddress, useSchedulePickup } from '../api/shipping-api';
import { addressDraft, EMPTY_ADDRESS, type AddressDraft } from '../stores/create-shipment-store';
import { platformToday } from '@postwise/shared/time-zones';

const CARRIERS = ['FedEx', 'UPS', 'USPS'] as const;

/** /pickups/schedule: carrier, address (default sender pre-filled), date, time window and how many packages. */
export function SchedulePickupPage() {
  const navigate = useNavigate();
  const fallback = useDefaultAddress();
  const schedule = useSchedulePickup();
  const [carrier, setCarrier] = useState<(typeof CARRIERS)[number]>('FedEx');
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [date, setDate] = useState('');
  const [windowStart, setWindowStart] = useState('09:00');
  const [windowEnd, setWindowEnd] = useState('17:00');
  const [packageCount, setPackageCount] = useState('1');
  const [instructions, setInstructions] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addressErrors, setAddressErrors] = useState<FieldErrors>({});
  const [prefilled, setPrefilled] = useState(false);

  useEffect(() => {
    if (prefilled || !fallback.isSuccess) return;
    setPrefilled(true);
    if (fallback.data) setAddress(addressDraft(fallback.data));
  }, [prefilled, fallback.isSuccess, fallback.data]);

  const submit = async () => {
    const parsed = pickupSchema.safeParse({
      carrier,
      address: addressInput(address),
      date,
      windowStart,
      windowEnd,
      packageCount: packageCount || undefined,
      instructions: instructions || null,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      const nested: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'address') nested[String(issue.path[1])] ??= issue.message;
      }
      setAddressErrors(nested);
      return;
    }
    setErrors({});
    setAddressErrors({});
    try {
      await schedule.mutateAsync(parsed.data);
      showSuccess('Pickup scheduled');
      void navigate('/pickups');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormPage
      back={{ to: '/pickups', label: 'Pickups' }}
      title="Schedule pickup"
      onSubmit={submit}
      submitLabel="Schedule pickup"
      submitting={schedule.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceSelect label="Carrier" value={carrier} options={CARRIERS} onChange={setCarrier} />
        <FormField label="Date" error={errors.date}>
          <Input type="date" value={date} min={platformToday()} onChange={(e) => setDate(e.target.value)} />
        </FormField>
        <FormField label="From" error={errors.windowStart}>
          <Input type="time" value={windowStart} onChange={(e) => setWindowStart(e.target.value)} />
        </FormField>
        <FormField label="Until" error={errors.windowEnd}>
          <Input type="time" value={windowEnd} onChange={(e) => setWindowEnd(e.target.value)} />
        </FormField>
        <FormField label="Number of packages" error={errors.packageCount}>
          <Input inputMode="numeric" value={packageCount} onChange={(e) => setPackageCount(e.target.value)} />
        </FormField>
        <FormField label="Instructions (optional)" error={errors.instructions}>
          <Input value={instructions} onChange={(e) => setInstructions(e.target.value)} />
        </FormField>
      </div>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Pickup address</legend>
        <AddressFields value={address} onChange={setAddress} errors={addressErrors} testIdPrefix="pickup" />
      </fieldset>
    </FormPage>
  );
}
