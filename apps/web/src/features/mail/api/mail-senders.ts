import { useQuery } from '@tanstack/react-query';
import type { LetterDirection, MailSender } from '@postwise/shared/compliance';
import { downloadBlob, get } from '../../../lib/api-client';
import { mailKeys } from './mail-items';

/** Query keys of the customer's senders (under ['mail'], so new mail refreshes them). */
export const mailSenderKeys = {
  all: [...mailKeys.all, 'senders'] as const,
};

/** GET mail-senders: who writes to the customer, most recent first. */
export function useMailSenders() {
  return useQuery({ queryKey: mailSenderKeys.all, queryFn: () => get<MailSender[]>('mail-senders') });
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
