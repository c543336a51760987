import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { packagePresetSchema } from '@postwise/shared/schemas/shipping';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { packageInput } from '../components/draft-input';
import { RecordFormPage, useSaveRecord } from '../components/form-page';
import { PackageCard } from '../components/package-fields';
import { usePreset, useWritePreset } from '../api/shipping-api';
import { EMPTY_PACKAGE, packageDraft, type PackageDraft } from '../stores/create-shipment-store';

/** /packages/{id}: edit a package preset, or add one at /packages/new. */
export function PackagePage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const existing = usePreset(id, !isNew);
  const write = useWritePreset();
  const { errors, save } = useSaveRecord({ id, isNew, noun: 'package', listPath: '/packages', write });
  const [name, setName] = useState('');
  const [value, setValue] = useState<PackageDraft>(EMPTY_PACKAGE);

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    setName(p.name);
    setValue(packageDraft(p));
  }, [existing.data]);

  const submit = () => {
    const { trackingNumber: _unused, ...pkg } = packageInput(value);
    return save(packagePresetSchema.safeParse({ ...pkg, name }));
  };

  return (
    <RecordFormPage
      isNew={isNew}
      existing={existing}
      noun="package"
      back={{ to: '/packages', label: 'Packages' }}
      onSubmit={submit}
      submitting={write.isPending}
    >
      <FormField label="Name" error={errors.name} className="sm:max-w-sm">
        <Input value={name} onChange={(e) => setName(e.target.value)} />
      </FormField>
      <PackageCard index={0} legend="Package" value={value} errors={errors} onChange={setValue} />
    </RecordFormPage>
  );
}
