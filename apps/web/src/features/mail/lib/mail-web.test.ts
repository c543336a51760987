import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailRequest } from '@postwise/shared/mail-api';
import type { ForwardAddress } from '@postwise/shared/schemas/mail';
import type { SavedAddressDto } from '@postwise/shared/schemas/shipping-dto';
import { setSessionLostHandler } from '../../../lib/api-client';
import {
  addressOptions,
  COUNTRY_CODE_TO_SAVE,
  countryCode,
  fetchSavedAddresses,
  savedToForward,
  toSavedAddress,
} from '../api/forward-addresses';
import { bulkRequestSummary } from './bulk-summary';
import { timelineSteps, trackingHref } from './request-timeline';

const saved = (over: Partial<SavedAddressDto> = {}): SavedAddressDto => ({
  id: 'a1',
  name: 'Ana Ortiz',
  companyName: null,
  line1: '12 Elm St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  phone: null,
  email: 'ana@example.com',
  isDefault: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const home: ForwardAddress = {
  name: 'Daniel Thompson',
  line1: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
  country: 'United States',
  companyName: undefined,
  line2: undefined,
  phone: undefined,
};

describe('forward destinations from the saved address list', () => {
  it('offers every saved address, then the last used and the account address unless already listed', () => {
    const list = [saved({ id: 'd', isDefault: true, name: 'Sender Co' }), saved({ id: 'x' })];
    const options = addressOptions(list, savedToForward(list[1]!), home);
    expect(options.map((o) => [o.key, o.tag ?? null])).toEqual([
      ['saved:d', 'Default'],
      ['saved:x', null],
      ['account', 'Account address'],
    ]);
    // A mailbox-only customer (no list): the last one used and the account address, as before.
    expect(addressOptions([], { ...home, name: 'Other' }, home).map((o) => o.key)).toEqual(['last', 'account']);
  });

  it('maps a saved address to the forward shape without nulls or the e-mail', () => {
    expect(savedToForward(saved({ phone: '5125550100', line2: 'Apt 4' }))).toEqual({
      name: 'Ana Ortiz',
      companyName: undefined,
      line1: '12 Elm St',
      line2: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
      phone: '5125550100',
    });
  });

  it('saves a new destination with a 2-letter country and the list’s own address rules', () => {
    expect(countryCode('United States')).toBe('US');
    expect(countryCode('ca')).toBe('CA');
    expect(countryCode('Canada')).toBeNull();
    const ok = toSavedAddress(home);
    expect(ok).toEqual({ ok: true, body: expect.objectContaining({ country: 'US', isDefault: false, line2: null }) });
    expect(toSavedAddress({ ...home, country: 'Canada' })).toEqual({
      ok: false,
      errors: [{ field: 'country', message: COUNTRY_CODE_TO_SAVE }],
    });
    expect(toSavedAddress({ ...home, state: 'Texas' })).toEqual({
      ok: false,
      errors: [{ field: 'state', message: 'State must be a US state code (e.g. CA).' }],
    });
  });
});

describe('the saved list without shipping access', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const lost = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    lost.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setSessionLostHandler(lost);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers null on 403 and keeps the session', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ isSuccess: false, message: 'Forbidden', code: 'FORBIDDEN' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(fetchSavedAddresses(1, 5, '')).resolves.toBeNull();
    expect(lost).not.toHaveBeenCalled();
  });

  it('searches the list by name, paged', async () => {
    const page = { isSuccess: true, items: [saved()], pageNo: 2, pageSize: 5, total: 6 };
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(fetchSavedAddresses(2, 5, 'an')).resolves.toMatchObject({ total: 6, items: [{ id: 'a1' }] });
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toMatch(/\/addresses$/);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ pageNo: '2', pageSize: '5', search: 'an' });
  });

  it('still fails on other errors', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ isSuccess: false, message: 'Server error' }), { status: 500 }),
    );
    await expect(fetchSavedAddresses(1, 5, '')).rejects.toThrow('Server error');
  });
});

describe('bulk request summary', () => {
  it('says how many were requested, skipped and refused', () => {
    expect(bulkRequestSummary({ type: 'shred', done: 2, notEligible: 0, errors: [] })).toEqual({
      tone: 'success',
      text: 'Shred: 2 items requested.',
    });
    expect(bulkRequestSummary({ type: 'scan', done: 1, notEligible: 2, errors: [new Error('No scans left')] })).toEqual(
      {
        tone: 'error',
        text: 'Open & scan: 1 item requested · 2 items not eligible · 1 item failed (No scans left).',
      },
    );
  });
});

describe('request timeline', () => {
  const base = { createdAt: '2026-03-01T10:00:00.000Z', completedAt: null, cancelledAt: null };
  it('names each step with its time, including a quote and its approval', () => {
    const events: MailRequest['events'] = [
      { at: '2026-03-01T10:00:00.000Z', status: 'requested', byUserId: 'u' },
      { at: '2026-03-01T11:00:00.000Z', status: 'in_progress', byUserId: 'o' },
      { at: '2026-03-01T12:00:00.000Z', status: 'quote', byUserId: 'o', note: 'Heavier than declared' },
      { at: '2026-03-01T13:00:00.000Z', status: 'in_progress', byUserId: 'u' },
      { at: '2026-03-01T14:00:00.000Z', status: 'completed', byUserId: 'o' },
    ];
    expect(timelineSteps({ ...base, events, completedAt: '2026-03-01T14:00:00.000Z' })).toEqual([
      { key: '0-requested', label: 'Requested', at: '2026-03-01T10:00:00.000Z', tone: 'done' },
      { key: '1-in_progress', label: 'Started', at: '2026-03-01T11:00:00.000Z', tone: 'done' },
      {
        key: '2-quote',
        label: 'Quoted',
        at: '2026-03-01T12:00:00.000Z',
        note: 'Heavier than declared',
        tone: 'done',
      },
      { key: '3-in_progress', label: 'Quote approved', at: '2026-03-01T13:00:00.000Z', tone: 'done' },
      { key: '4-completed', label: 'Completed', at: '2026-03-01T14:00:00.000Z', tone: 'done' },
    ]);
  });

  it('shows the creation and a cancellation even without their events', () => {
    const steps = timelineSteps({ ...base, events: [], cancelledAt: '2026-03-02T09:00:00.000Z' });
    expect(steps.map((s) => [s.label, s.at, s.tone])).toEqual([
      ['Requested', '2026-03-01T10:00:00.000Z', 'done'],
      ['Cancelled', '2026-03-02T09:00:00.000Z', 'cancelled'],
    ]);
  });

  it('links a tracking number to the public tracking page', () => {
    expect(trackingHref('1Z 999/AA')).toBe('/public/track?t_n=1Z%20999%2FAA');
  });
});
