import { cn } from '../../../lib/utils';

export type MailboxTypeValue = 'personal' | 'business';

const OPTIONS: { value: MailboxTypeValue; label: string }[] = [
  { value: 'personal', label: 'Personal' },
  { value: 'business', label: 'Business' },
];

/** Mailbox type radio (spec 2.7): Personal or Business; disabled (read-only) on the contract. */
export function MailboxTypeRadios({
  value,
  onChange,
  disabled,
  name = 'mailboxType',
}: {
  value: MailboxTypeValue | null | undefined;
  onChange?: (value: MailboxTypeValue) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Mailbox Type</legend>
      <div className="flex flex-wrap gap-3">
        {OPTIONS.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-w-32 items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-medium',
              value === o.value ? 'border-primary bg-primary-soft text-primary' : 'border-input bg-background',
              disabled ? 'cursor-not-allowed opacity-80' : 'cursor-pointer hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange?.(o.value)}
              disabled={disabled}
              data-testid={`mailbox-type-${o.value}`}
              className="size-4 accent-(--color-primary)"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
