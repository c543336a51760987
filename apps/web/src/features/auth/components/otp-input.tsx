import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@postwise/shared/constants';
import { cn } from '../../../lib/utils';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** Focus the first box on arrival, so the code can be typed at once. */
  autoFocus?: boolean;
}

/**
 * Four single-digit boxes (spec 5: digits only). Typing moves to the next box, Backspace to the previous,
 * and pasting a code fills every box.
 */
export function OtpInput({ value, onChange, invalid, describedBy, disabled, autoFocus = false }: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);

  // On arrival (autoFocus never changes for a mounted input).
  useEffect(() => {
    if (autoFocus) refs.current[0]?.focus();
  }, [autoFocus]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');

  const setDigit = (index: number, digit: string) => {
    const next = digits.slice();
    next[index] = digit;
    onChange(next.join('').slice(0, OTP_LENGTH));
  };

  const onInput = (index: number, raw: string) => {
    const onlyDigits = raw.replace(/\D/g, '');
    if (!onlyDigits) {
      setDigit(index, '');
      return;
    }
    if (onlyDigits.length > 1) {
      const filled = (digits.slice(0, index).join('') + onlyDigits).slice(0, OTP_LENGTH);
      onChange(filled);
      refs.current[Math.min(filled.length, OTP_LENGTH - 1)]?.focus();
      return;
    }
    setDigit(index, onlyDigits);
    refs.current[index + 1]?.focus();
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      setDigit(index - 1, '');
      refs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowLeft' && index > 0) {
      refs.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      refs.current[index + 1]?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (!pasted) return;
    event.preventDefault();
    onChange(pasted);
    refs.current[Math.min(pasted.length, OTP_LENGTH - 1)]?.focus();
  };

  return (
    <div role="group" aria-label="Verification code" className="flex gap-3" aria-describedby={describedBy}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={digit}
          data-testid={`otp-digit-${i + 1}`}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          className={cn(
            'size-14 rounded-lg border border-input bg-background text-center text-2xl font-semibold shadow-xs',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40',
            'aria-invalid:border-destructive disabled:opacity-60',
          )}
        />
      ))}
    </div>
  );
}
