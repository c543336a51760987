import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';

/** The isSuperSubAdmin checkbox of the add and edit forms of a sub-admin, with what it grants. */
export function SuperSubAdminField<F extends FieldValues, Out>({
  control,
  id,
}: {
  control: Control<F, unknown, Out>;
  id: string;
}) {
  const { field } = useController({ control, name: 'isSuperSubAdmin' as Path<F> });
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3">
      <Checkbox id={id} checked={Boolean(field.value)} onCheckedChange={(v) => field.onChange(v === true)} />
      <div className="grid gap-1">
        <Label htmlFor={id}>Super sub-admin</Label>
        <p className="text-xs text-muted-foreground">
          Can invite sub-admins, and sees them and their customers under Referred Clients.
        </p>
      </div>
    </div>
  );
}
