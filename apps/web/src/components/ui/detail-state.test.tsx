import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { DetailState, type DetailQuery } from './detail-state';

afterEach(cleanup);

function renderState(query: DetailQuery) {
  render(
    <MemoryRouter>
      <DetailState query={query} noun="shipment" back={{ to: '/shipments', label: 'Shipments' }} />
    </MemoryRouter>,
  );
}

describe('DetailState: a detail page before its record is there', () => {
  it('shows skeletons under the Back link while it loads', () => {
    renderState({ isPending: true, error: null, refetch: vi.fn() });
    expect(screen.getByRole('link', { name: 'Shipments' }).getAttribute('href')).toBe('/shipments');
    expect(screen.getByLabelText('Loading shipment').getAttribute('aria-busy')).toBe('true');
  });

  it('says "not found" for a 404, with nothing to try again', () => {
    renderState({
      isPending: false,
      error: new ApiError('No shipment has this id', { status: 404 }),
      refetch: vi.fn(),
    });
    expect(screen.getByText('Shipment not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says it could not load, with the reason, and Try again asks once more', () => {
    const refetch = vi.fn();
    renderState({ isPending: false, error: new ApiError('Server error', { status: 500 }), refetch });
    expect(screen.getByText('Could not load this shipment')).toBeTruthy();
    expect(screen.getByText('Server error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
