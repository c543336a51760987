import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { pickupSchema } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { AddressFields, type FieldErrors } from '../components/address-fields';
import { addressInput, issuesByField } from '../components/draft-input';
import { Choice } from '../components/package-fields';
import { useDefaultAddress, useSchedulePickup } from '../api/shipping-api';
import { addressDraft, EMPTY_ADDRESS, type AddressDraft } from '../stores/create-shipment-store';
import { platformToday } from '@postwise/shared/time-zones';
import { BackLink } from '../../../components/ui/back-link';

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

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
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
    <div className="grid gap-6">
      <BackLink to="/pickups">Pickups</BackLink>
      <PageHeader title="Schedule pickup" />
      <Card>
        <CardContent className="pt-6">
          <form className="grid gap-6" onSubmit={(e) => void submit(e)} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <Choice label="Carrier" value={carrier} options={CARRIERS} onChange={setCarrier} />
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
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/pickups">Cancel</Link>
              </Button>
              <Button type="submit" loading={schedule.isPending}>
                Schedule pickup
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
