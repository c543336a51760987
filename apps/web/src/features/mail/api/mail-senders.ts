import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LetterDirection, MailSender } from '@postwise/shared/compliance';
import { downloadBlob, getPage } from '../../../lib/api-client';
import { mailKeys } from './mail-items';

/** Query keys of the customer's senders (under ['mail'], so new mail refreshes them). */
export const mailSenderKeys = {
  all: [...mailKeys.all, 'senders'] as const,
  page: (pageNo: number, pageSize: number) => [...mailSenderKeys.all, pageNo, pageSize] as const,
};

/** GET mail-senders: who writes to the customer, most recent first, a page at a time. */
export function useMailSenders(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: mailSenderKeys.page(pageNo, pageSize),
    queryFn: () => getPage<MailSender>('mail-senders', { pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** GET mail-senders/letter.pdf, saved as a file. */
export function downloadSenderLetter(sender: string, direction: LetterDirection) {
  const slug =
    sender
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'sender';
  return downloadBlob('mail-senders/letter.pdf', `change-of-address-${slug}-${direction}.pdf`, { sender, direction });
}
