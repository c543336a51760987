import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { savedAddressSchema } from '@postwise/shared/schemas/shipping';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { AddressFields } from '../components/address-fields';
import { addressInput } from '../components/draft-input';
import { RecordFormPage, useSaveRecord } from '../components/form-page';
import { useAddress, useWriteAddress } from '../api/shipping-api';
import { addressDraft, EMPTY_ADDRESS, type AddressDraft } from '../stores/create-shipment-store';

/** /address-list/{id}: edit an address, or add one at /address-list/new. */
export function AddressPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const existing = useAddress(id, !isNew);
  const write = useWriteAddress();
  const { errors, save } = useSaveRecord({ id, isNew, noun: 'address', listPath: '/address-list', write });
  const [value, setValue] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [isDefault, setIsDefault] = useState(false);
  const defaultId = useId();

  useEffect(() => {
    if (existing.data) {
      setValue(addressDraft(existing.data));
      setIsDefault(existing.data.isDefault);
    }
  }, [existing.data]);

  return (
    <RecordFormPage
      isNew={isNew}
      existing={existing}
      noun="address"
      back={{ to: '/address-list', label: 'Address List' }}
      onSubmit={() => save(savedAddressSchema.safeParse({ ...addressInput(value), isDefault }))}
      submitting={write.isPending}
    >
      <AddressFields value={value} onChange={setValue} errors={errors} testIdPrefix="address" />
      <div className="flex items-center gap-3">
        <Checkbox id={defaultId} checked={isDefault} onCheckedChange={(v) => setIsDefault(v === true)} />
        <Label htmlFor={defaultId} className="font-normal">
          Use as my default sender
        </Label>
      </div>
    </RecordFormPage>
  );
}
