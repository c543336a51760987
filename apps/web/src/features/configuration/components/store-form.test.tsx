import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Store } from '@postwise/shared/admin';
import { StoreForm } from './store-form';

// The Radix checkbox measures itself; jsdom has no ResizeObserver.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);

afterEach(cleanup);

function renderForm(store: Store | null = null) {
  const onSubmit = vi.fn();
  render(<StoreForm store={store} submitting={false} onSubmit={onSubmit} onCancel={() => {}} submitLabel="Save" />);
  return { onSubmit, zone: screen.getByLabelText('Time zone') as HTMLSelectElement };
}

describe('StoreForm time zone', () => {
  it('offers the IANA zones with Los Angeles chosen for a new store, and sends the chosen one', async () => {
    const { onSubmit, zone } = renderForm();
    expect(zone.value).toBe('America/Los_Angeles');
    expect([...zone.options].map((o) => o.value)).toContain('America/New_York');
    fireEvent.change(screen.getByTestId('store-name'), { target: { value: 'Pasadena' } });
    fireEvent.change(screen.getByTestId('store-address1'), { target: { value: '1 Colorado Blvd' } });
    fireEvent.change(screen.getByTestId('store-zip'), { target: { value: '91101' } });
    fireEvent.change(screen.getByTestId('store-phone'), { target: { value: '6265550100' } });
    fireEvent.change(zone, { target: { value: 'America/New_York' } });
    fireEvent.click(screen.getByTestId('store-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Pasadena', timeZone: 'America/New_York' });
  });
});
