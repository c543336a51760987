import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ScanFormEligibleGroupDto } from '@postwise/shared/schemas/scan-forms';
import { LOS_ANGELES_SHIPPER } from '@postwise/shared/testing/demo-shipment';
import { ScanFormsPage } from './scan-forms-page';

const get = vi.fn();
const getPage = vi.fn();
const post = vi.fn();
vi.mock('../../../lib/api-client', () => ({
  get: (...args: unknown[]) => get(...args),
  getPage: (...args: unknown[]) => getPage(...args),
  post: (...args: unknown[]) => post(...args),
  downloadBlob: vi.fn(),
}));

const FROM = LOS_ANGELES_SHIPPER;
const GROUP: ScanFormEligibleGroupDto = {
  addressKey: 'key-1',
  carrier: 'USPS',
  fromAddress: FROM,
  packageCount: 3,
  customer: null,
  shipments: [
    {
      id: 's1',
      uniqueId: 'PW1',
      trackingNumbers: ['9400100000000000000001', '9400100000000000000002'],
      service: 'USPS Ground Advantage',
      receiverName: 'Marcus Bell',
      createdAt: '2026-12-07T10:00:00Z',
    },
    {
      id: 's2',
      uniqueId: 'PW2',
      trackingNumbers: ['9400100000000000000003'],
      service: 'USPS Ground Advantage',
      receiverName: 'Dana Whitfield',
      createdAt: '2026-12-07T11:00:00Z',
    },
  ],
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ScanFormsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ScanFormsPage', () => {
  it("shows the day's waiting labels per from address and makes that address's form", async () => {
    get.mockResolvedValue({ date: '2026-12-07', groups: [GROUP] });
    getPage.mockResolvedValue({ isSuccess: true, items: [], pageNo: 1, pageSize: 10, total: 0 });
    post.mockResolvedValue({ packageCount: 3 });
    renderPage();

    const group = await screen.findByTestId('scan-form-group');
    expect(within(group).getByText('1855 Industrial St, Unit 108, Los Angeles, CA 90021')).toBeTruthy();
    expect(within(group).getByText('USPS · 2 labels · 3 packages')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('shipments/scan-forms/eligible', { date: expect.stringMatching(/^\d{4}-/) });
    expect(await screen.findByText('No SCAN forms yet')).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: /Create SCAN form/ }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('shipments/scan-forms', { date: expect.any(String), addressKey: 'key-1' }),
    );
  });

  it('says when no label waits on the chosen day, and asks again for another day', async () => {
    get.mockResolvedValue({ date: '2026-12-01', groups: [] });
    getPage.mockResolvedValue({ isSuccess: true, items: [], pageNo: 1, pageSize: 10, total: 0 });
    renderPage();
    expect(await screen.findByText('No labels waiting')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ship date'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('shipments/scan-forms/eligible', { date: '2026-12-01' }));
  });
});
