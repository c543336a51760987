import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { savedAddressSchema } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import { AddressFields, type FieldErrors } from '../components/address-fields';
import { addressInput, issuesByField } from '../components/draft-input';
import { useAddress, useWriteAddress } from '../api/shipping-api';
import { addressDraft, EMPTY_ADDRESS, type AddressDraft } from '../stores/create-shipment-store';
import { DetailState } from '../../../components/ui/detail-state';
import { BackLink } from '../../../components/ui/back-link';

/** /address-list/{id}: edit an address, or add one at /address-list/new. */
export function AddressPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const existing = useAddress(id, !isNew);
  const write = useWriteAddress();
  const [value, setValue] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [isDefault, setIsDefault] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const defaultId = useId();

  useEffect(() => {
    if (existing.data) {
      setValue(addressDraft(existing.data));
      setIsDefault(existing.data.isDefault);
    }
  }, [existing.data]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = savedAddressSchema.safeParse({ ...addressInput(value), isDefault });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await write.mutateAsync({ id: isNew ? undefined : id, body: parsed.data });
      showSuccess(isNew ? 'Address added' : 'Address saved');
      void navigate('/address-list');
    } catch (error) {
      showError(error);
    }
  };

  if (!isNew && !existing.data)
    return <DetailState query={existing} noun="address" back={{ to: '/address-list', label: 'Address List' }} />;

  return (
    <div className="grid gap-6">
      <BackLink to="/address-list">Address List</BackLink>
      <PageHeader title={isNew ? 'Add address' : 'Edit address'} />
      <Card>
        <CardContent className="pt-6">
          <form className="grid gap-6" onSubmit={(e) => void submit(e)} noValidate>
            <AddressFields value={value} onChange={setValue} errors={errors} testIdPrefix="address" />
            <div className="flex items-center gap-3">
              <Checkbox id={defaultId} checked={isDefault} onCheckedChange={(v) => setIsDefault(v === true)} />
              <Label htmlFor={defaultId} className="font-normal">
                Use as my default sender
              </Label>
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/address-list">Cancel</Link>
              </Button>
              <Button type="submit" loading={write.isPending}>
                {isNew ? 'Add address' : 'Save address'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
