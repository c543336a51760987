import { SelectFilter } from '../../../components/ui/select-filter';
import { useStoreOptions } from '../api/mailbox-admin';

/** The operator's stores as a list filter, "All stores" meaning no filter (mailboxes and the request queue). */
export function StoreFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const stores = useStoreOptions();
  return (
    <SelectFilter
      label="Store"
      className="sm:w-56"
      value={value}
      onChange={onChange}
      allLabel="All stores"
      options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}
