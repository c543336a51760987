import { useEffect, useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SkeletonList } from '../../../components/ui/skeleton';
import { showError } from '../../../lib/toast';
import { AddressFields, type FieldErrors } from '../components/address-fields';
import { addressInput, validateAddress } from '../components/draft-input';
import { WizardFrame, WIZARD_STEPS } from '../components/wizard-frame';
import { useAddressPage, useDefaultAddress, useSaveAddress } from '../api/shipping-api';
import {
  addressDraft,
  draftFromQuickQuote,
  senderWithDefault,
  useCreateShipmentStore,
} from '../stores/create-shipment-store';

/**
 * /create: a fresh wizard (what a previous one typed is forgotten) at its first step. From the home's quick quote
 * (?fromZip=&toZip=&weight=) it starts with the two ZIPs and the package weight filled in.
 */
export function CreatePage() {
  const reset = useCreateShipmentStore((s) => s.reset);
  const update = useCreateShipmentStore((s) => s.update);
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    reset();
    update(draftFromQuickQuote(params));
    setReady(true);
  }, [reset, update, params]);
  return ready ? <Navigate to={WIZARD_STEPS[0].path} replace /> : null;
}

/** Step 1: the sender, pre-filled from the default sender address. */
export function SenderAddressPage() {
  const navigate = useNavigate();
  const sender = useCreateShipmentStore((s) => s.sender);
  const prefilled = useCreateShipmentStore((s) => s.senderPrefilled);
  const update = useCreateShipmentStore((s) => s.update);
  const fallback = useDefaultAddress();
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (prefilled || !fallback.isSuccess) return;
    update({ senderPrefilled: true, ...(fallback.data ? { sender: senderWithDefault(sender, fallback.data) } : {}) });
  }, [prefilled, fallback.isSuccess, fallback.data, update, sender]);

  const next = () => {
    const found = validateAddress(sender);
    setErrors(found);
    if (Object.keys(found).length === 0) void navigate(WIZARD_STEPS[1].path);
  };

  return (
    <WizardFrame
      step={0}
      title="Sender address"
      description="Where the package ships from. We ship from the US; your default sender is filled in."
      onNext={next}
    >
      {!prefilled && fallback.isPending ? (
        <SkeletonList count={3} className="grid gap-4" itemClassName="h-10 w-full" />
      ) : (
        <AddressFields
          value={sender}
          onChange={(next) => update({ sender: next })}
          errors={errors}
          testIdPrefix="sender"
        />
      )}
    </WizardFrame>
  );
}

const NEW = 'new';

/** Step 2: the receiver, from the address list or typed new (and optionally saved to the list). */
export function ReceiverAddressPage() {
  const navigate = useNavigate();
  const receiver = useCreateShipmentStore((s) => s.receiver);
  const saveReceiver = useCreateShipmentStore((s) => s.saveReceiver);
  const update = useCreateShipmentStore((s) => s.update);
  const addresses = useAddressPage(1, 50);
  const save = useSaveAddress();
  const [chosen, setChosen] = useState<string>(NEW);
  const [errors, setErrors] = useState<FieldErrors>({});
  const pickId = useId();
  const saveId = useId();

  const pick = (id: string) => {
    setChosen(id);
    const found = addresses.data?.items.find((a: SavedAddressDto) => a.id === id);
    if (found) update({ receiver: addressDraft(found), saveReceiver: false });
  };

  const next = async () => {
    const found = validateAddress(receiver);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (saveReceiver && chosen === NEW) {
      try {
        const input = addressInput(receiver);
        await save.mutateAsync({
          name: input.name,
          companyName: input.companyName ?? null,
          line1: input.line1,
          line2: input.line2 ?? null,
          city: input.city,
          state: input.state ?? '',
          zipCode: input.zipCode,
          country: input.country,
          phone: input.phone ?? null,
          email: input.email ?? null,
          isDefault: false,
        });
        update({ saveReceiver: false });
      } catch (error) {
        showError(error);
        return;
      }
    }
    void navigate(WIZARD_STEPS[2].path);
  };

  return (
    <WizardFrame
      step={1}
      title="Receiver address"
      description="Pick someone from your address list or type a new address."
      onNext={() => void next()}
      nextLoading={save.isPending}
    >
      <div className="grid gap-2">
        <Label htmlFor={pickId}>From your address list</Label>
        <Select value={chosen} onValueChange={pick} disabled={addresses.isPending}>
          <SelectTrigger id={pickId} data-testid="receiver-pick">
            <SelectValue placeholder={addresses.isPending ? 'Loading…' : 'New address'} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NEW}>New address</SelectItem>
            {(addresses.data?.items ?? []).map((a) => (
              <SelectItem key={a.id} value={a.id}>
                {`${a.name} — ${a.city}, ${a.state} ${a.zipCode}`}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {addresses.isError ? <p className="text-sm text-destructive">{addresses.error.message}</p> : null}
      </div>
      <AddressFields
        value={receiver}
        onChange={(next) => {
          update({ receiver: next });
          if (chosen !== NEW) setChosen(NEW);
        }}
        errors={errors}
        testIdPrefix="receiver"
      />
      {chosen === NEW ? (
        <div className="flex items-center gap-3">
          <Checkbox
            id={saveId}
            checked={saveReceiver}
            onCheckedChange={(v) => update({ saveReceiver: v === true })}
            data-testid="receiver-save"
          />
          <Label htmlFor={saveId} className="font-normal">
            Save this address to my address list
          </Label>
        </div>
      ) : null}
    </WizardFrame>
  );
}
