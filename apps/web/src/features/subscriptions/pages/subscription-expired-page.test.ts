import { describe, expect, it } from 'vitest';
import { pastDueDate, renewalInvoiceDueDate } from './subscription-expired-page';

describe('the past-due date story', () => {
  it('derives the renewal invoice due date from the day the renewal failed', () => {
    const failed = '2026-11-19T08:00:00.000Z';
    expect(pastDueDate(failed)).toBe('November 19, 2026');
    expect(pastDueDate(renewalInvoiceDueDate(failed))).toBe('December 3, 2026');
  });
  it('has no due date without a past-due date', () => {
    expect(renewalInvoiceDueDate(null)).toBeNull();
    expect(renewalInvoiceDueDate('not a date')).toBeNull();
  });
});
