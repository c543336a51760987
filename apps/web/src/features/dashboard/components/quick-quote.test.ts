import { describe, expect, it } from 'vitest';
import { quickQuoteErrors, quickQuoteUrl } from './quick-quote';

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
});
