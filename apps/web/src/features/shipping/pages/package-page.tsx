import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { packagePresetSchema } from '@postwise/shared/schemas/shipping';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { showError, showSuccess } from '../../../lib/toast';
import type { FieldErrors } from '../components/address-fields';
import { issuesByField, packageInput } from '../components/draft-input';
import { PackageCard } from '../components/package-fields';
import { usePreset, useWritePreset } from '../api/shipping-api';
import { EMPTY_PACKAGE, type PackageDraft } from '../stores/create-shipment-store';
import { DetailState } from '../../../components/ui/detail-state';
import { BackLink } from '../../../components/ui/back-link';

/** /packages/{id}: edit a package preset, or add one at /packages/new. */
export function PackagePage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const existing = usePreset(id, !isNew);
  const write = useWritePreset();
  const [name, setName] = useState('');
  const [value, setValue] = useState<PackageDraft>(EMPTY_PACKAGE);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    setName(p.name);
    setValue({
      packageType: p.packageType,
      unit: p.dimension.unit,
      length: String(p.dimension.length),
      width: String(p.dimension.width),
      height: String(p.dimension.height),
      weight: String(p.weight),
      weightUnits: p.weightUnits,
      numberOfPackages: String(p.numberOfPackages),
      declaredValue: p.insuranceDeclared ? (p.insuranceDeclared / 100).toFixed(2) : '',
      contentDescription: p.contentDescription ?? '',
    });
  }, [existing.data]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { trackingNumber: _unused, ...pkg } = packageInput(value);
    const parsed = packagePresetSchema.safeParse({ ...pkg, name });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    try {
      await write.mutateAsync({ id: isNew ? undefined : id, body: parsed.data });
      showSuccess(isNew ? 'Package added' : 'Package saved');
      void navigate('/packages');
    } catch (error) {
      showError(error);
    }
  };

  if (!isNew && !existing.data)
    return <DetailState query={existing} noun="package" back={{ to: '/packages', label: 'Packages' }} />;

  return (
    <div className="grid gap-6">
      <BackLink to="/packages">Packages</BackLink>
      <PageHeader title={isNew ? 'Add package' : 'Edit package'} />
      <Card>
        <CardContent className="pt-6">
          <form className="grid gap-6" onSubmit={(e) => void submit(e)} noValidate>
            <FormField label="Name" error={errors.name} className="sm:max-w-sm">
              <Input value={name} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <PackageCard index={0} legend="Package" value={value} errors={errors} onChange={setValue} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link to="/packages">Cancel</Link>
              </Button>
              <Button type="submit" loading={write.isPending}>
                {isNew ? 'Add package' : 'Save package'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
