import { describe, expect, it } from 'vitest';
import { quickQuoteErrors, quickQuoteOffers, quickQuoteRequest, quickQuoteUrl } from './quick-quote';

describe('quick quote', () => {
  it('says what is missing before what is malformed', () => {
    expect(quickQuoteErrors({ fromZip: '', toZip: ' ', weight: '' })).toEqual({
      fromZip: 'From ZIP is required',
      toZip: 'To ZIP is required',
      weight: 'Weight is required',
    });
  });

  it('refuses a ZIP that is not a US ZIP and a weight that is not a positive number', () => {
    expect(quickQuoteErrors({ fromZip: '9002', toZip: 'SW1A 1AA', weight: '0' })).toEqual({
      fromZip: 'From ZIP must be a US ZIP code',
      toZip: 'To ZIP must be a US ZIP code',
      weight: 'Weight must be greater than 0',
    });
    expect(quickQuoteErrors({ fromZip: '90021', toZip: '78702', weight: 'heavy' })).toEqual({
      weight: 'Weight must be greater than 0',
    });
  });

  it('opens the wizard with the trimmed ZIPs and the weight in its query', () => {
    expect(quickQuoteErrors({ fromZip: ' 90021 ', toZip: '78702-1234', weight: '2.5' })).toEqual({});
    const url = new URL(quickQuoteUrl({ fromZip: ' 90021 ', toZip: '78702-1234', weight: ' 2.5 ' }), 'http://x');
    expect(url.pathname).toBe('/create');
    expect(Object.fromEntries(url.searchParams)).toEqual({ fromZip: '90021', toZip: '78702-1234', weight: '2.5' });
  });

  it('asks the API for pounds, to another country with its postal code optional', () => {
    expect(quickQuoteRequest({ fromZip: ' 90021 ', toZip: '78702', weight: '2.5' })).toEqual({
      fromZip: '90021',
      toZip: '78702',
      weight: 2.5,
      weightUnit: 'lb',
    });
    expect(quickQuoteErrors({ fromZip: '90021', toZip: '', weight: '1', toCountry: 'GB' })).toEqual({});
    expect(quickQuoteErrors({ fromZip: '90021', toZip: '12', weight: '1', toCountry: 'CA' })).toEqual({
      toZip: 'To postal code is not valid for that country',
    });
    expect(quickQuoteRequest({ fromZip: '90021', toZip: '', weight: '1', toCountry: 'gb' })).toEqual({
      fromZip: '90021',
      toCountry: 'GB',
      weight: 1,
      weightUnit: 'lb',
    });
  });

  it('shows the cheapest and the fastest, once when they are one service; "Ship this" carries the service', () => {
    const rate = (carrier: string, service: string, priceCents: number, transitDays: number) => ({
      carrier,
      service,
      category: 'Ground' as const,
      retailCents: priceCents + 300,
      priceCents,
      savingCents: 300,
      savingPercent: 20,
      transitDays,
      expectedDeliveryDate: '2026-12-01',
    });
    const ground = rate('USPS', 'Ground Advantage', 900, 5);
    const air = rate('UPS', 'Next Day Air', 4200, 1);
    expect(quickQuoteOffers({ rates: [ground, air], cheapest: ground, fastest: air })).toEqual([
      { title: 'Cheapest', rate: ground },
      { title: 'Fastest', rate: air },
    ]);
    expect(quickQuoteOffers({ rates: [ground], cheapest: ground, fastest: ground })).toEqual([
      { title: 'Cheapest and fastest', rate: ground },
    ]);
    expect(quickQuoteOffers({ rates: [], cheapest: null, fastest: null })).toEqual([]);
    const url = new URL(quickQuoteUrl({ fromZip: '90021', toZip: '78702', weight: '2' }, air), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fromZip: '90021',
      toZip: '78702',
      weight: '2',
      carrier: 'UPS',
      service: 'Next Day Air',
    });
    const abroad = new URL(
      quickQuoteUrl({ fromZip: '90021', toZip: 'SW1A 1AA', weight: '2', toCountry: 'GB' }),
      'http://x',
    );
    expect(Object.fromEntries(abroad.searchParams)).toEqual({
      fromZip: '90021',
      toZip: 'SW1A 1AA',
      toCountry: 'GB',
      weight: '2',
    });
  });
});
