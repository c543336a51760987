import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PaymentChoice } from '@postwise/shared/schemas/shipping';
import { PaymentOptions } from './payment-options';

afterEach(cleanup);

function renderOptions(credit: { creditLimitCents: number; availableCents: number }, priceCents: number) {
  const onChange = vi.fn<(value: PaymentChoice) => void>();
  render(
    <PaymentOptions
      credit={credit}
      priceCents={priceCents}
      cardHint="Visa ending 4242"
      value="card"
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('PaymentOptions', () => {
  it('shows the pay-later credit left before the choice and offers pay later when the price fits', () => {
    const onChange = renderOptions({ creditLimitCents: 50_000, availableCents: 12_340 }, 1_999);
    expect(screen.getByTestId('pay-later-credit').textContent).toBe('Pay-later credit: $123.40 of $500.00 available');
    const later = screen.getByTestId('payment-later');
    expect(later.getAttribute('aria-disabled')).toBeNull();
    expect(later.textContent).toContain('Added to your monthly invoice');
    fireEvent.click(later);
    expect(onChange).toHaveBeenCalledWith('later');
  });

  it('disables pay later with the reason when the price is above the credit left', () => {
    const onChange = renderOptions({ creditLimitCents: 50_000, availableCents: 1_000 }, 1_999);
    const later = screen.getByTestId('payment-later');
    expect(later.getAttribute('aria-disabled')).toBe('true');
    const reason = screen.getByTestId('payment-later-reason');
    expect(reason.textContent).toBe('This label costs $19.99, more than the $10.00 of pay-later credit you have left.');
    expect(later.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(later);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('payment-card'));
    expect(onChange).toHaveBeenCalledWith('card');
  });

  it('says there is no credit at all when no limit is set', () => {
    renderOptions({ creditLimitCents: 0, availableCents: 0 }, 500);
    expect(screen.getByTestId('pay-later-credit').textContent).toBe(
      'Pay-later credit: No pay-later credit on your account',
    );
    expect(screen.getByTestId('payment-later-reason').textContent).toBe(
      'Not available on your account: ask us for a pay-later credit limit.',
    );
  });
});
