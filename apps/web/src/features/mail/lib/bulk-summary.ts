import { MAIL_REQUEST_TYPE_LABELS } from '@postwise/shared/mail';
import { errorText } from '../../../lib/toast';
import type { BulkRequestType } from '../api/mail-items';

export interface BulkSummaryInput {
  type: BulkRequestType;
  /** Requests the API accepted. */
  done: number;
  /** Selected items whose state does not allow this request (not sent). */
  notEligible: number;
  /** Requests the API refused, with their reasons. */
  errors: readonly unknown[];
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * One toast for a bulk request: how many were requested, how many were skipped as not eligible, and how many
 * the store refused (with the first reason, e.g. "No scans left"). `tone` is success only when nothing failed.
 */
export function bulkRequestSummary(s: BulkSummaryInput): { tone: 'success' | 'error'; text: string } {
  const label = MAIL_REQUEST_TYPE_LABELS[s.type];
  const parts: string[] = [`${label}: ${items(s.done)} requested`];
  if (s.notEligible) parts.push(`${items(s.notEligible)} not eligible`);
  if (s.errors.length) parts.push(`${items(s.errors.length)} failed (${errorText(s.errors[0])})`);
  return { tone: s.notEligible || s.errors.length ? 'error' : 'success', text: `${parts.join(' · ')}.` };
}
