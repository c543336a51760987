import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AddressCorrections } from './address-corrections';

afterEach(cleanup);

const corrected = {
  name: 'Dana Whitfield',
  companyName: null,
  line1: '500 PINE ST',
  line2: null,
  city: 'SEATTLE',
  state: 'WA',
  zipCode: '98101-1234',
  country: 'US',
  phone: null,
  email: null,
};

describe('AddressCorrections', () => {
  it("shows the carrier's spelling of the address and hands it over when accepted", () => {
    const onAccept = vi.fn();
    render(<AddressCorrections corrections={{ sender: null, receiver: corrected }} onAccept={onAccept} />);
    expect(screen.queryByTestId('address-correction-sender')).toBeNull();
    const notice = screen.getByTestId('address-correction-receiver');
    expect(notice.textContent).toContain('The carrier verified the receiver address as');
    expect(notice.textContent).toContain('500 PINE ST, SEATTLE, WA 98101-1234, US');
    fireEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(onAccept).toHaveBeenCalledWith('receiver', corrected);
  });

  it('shows nothing when the carrier corrected nothing', () => {
    const { container } = render(
      <AddressCorrections corrections={{ sender: null, receiver: null }} onAccept={() => undefined} />,
    );
    expect(container.innerHTML).toBe('');
  });
});
