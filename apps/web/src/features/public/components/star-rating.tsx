import { Star } from 'lucide-react';

/** A rating out of five as stars, read out as text ("Rated 4 out of 5"). */
export function StarRating({ value, max = 5 }: { value: number; max?: number }) {
  return (
    <p className="flex items-center gap-0.5" role="img" aria-label={`Rated ${value} out of ${max}`}>
      {Array.from({ length: max }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={i < value ? 'size-4 fill-orange-bright text-orange-bright' : 'size-4 text-input'}
        />
      ))}
    </p>
  );
}
