import { PRODUCT_NAME } from '@postwise/shared/constants';
import { cn } from '../../lib/utils';

/** The Postwise mark: an envelope with an orange "new mail" dot. Inline SVG, nothing fetched. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M7 11.5A2.5 2.5 0 0 1 9.5 9h13a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 7 20.5z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
      />
      <path d="m8 11 8 6 8-6" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="24" cy="9" r="4" fill="#f97316" />
    </svg>
  );
}

export interface LogoProps {
  className?: string;
  /** `light` for dark backgrounds (white word mark). */
  tone?: 'default' | 'light';
  /** Hide the word on narrow rails; it stays readable to screen readers. */
  wordClassName?: string;
  /** A reseller's own logo (spec 3 configuration), shown instead of the default mark. */
  customLogoUrl?: string | null;
}

/** Product name set in one place (shared PRODUCT_NAME); resellers' logos replace it when present. */
export function Logo({ className, tone = 'default', wordClassName, customLogoUrl }: LogoProps) {
  if (customLogoUrl) {
    return (
      <img src={customLogoUrl} alt={PRODUCT_NAME} className={cn('h-8 w-auto max-w-40 object-contain', className)} />
    );
  }
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark className={tone === 'light' ? 'text-white/15' : 'text-primary'} />
      <span
        className={cn(
          'text-lg font-bold tracking-tight',
          tone === 'light' ? 'text-white' : 'text-primary',
          wordClassName,
        )}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
