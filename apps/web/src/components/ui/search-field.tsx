import { useId } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

/** A list's search box: its label above, a magnifier inside the field, the text as typed (debounce outside). */
export function SearchField({
  value,
  onChange,
  label = 'Search',
  placeholder,
  className,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  placeholder?: string;
  /** The wrapper's width (e.g. sm:w-72). */
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          className="pl-9"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      </div>
    </div>
  );
}
