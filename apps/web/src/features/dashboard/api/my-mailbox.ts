import { useQuery } from '@tanstack/react-query';
import type { MySubscription } from '@postwise/shared/billing';
import type { MyMailbox } from '@postwise/shared/mail-api';
import { get } from '../../../lib/api-client';

/**
 * The box holder's own mailbox. Keyed under ['mail'] so the live notification stream (new mail, fees soon)
 * refreshes the dashboard card with the inbox.
 */
export const myMailboxKeys = {
  mailbox: () => ['mail', 'my-mailbox'] as const,
  subscription: () => ['mail', 'my-mailbox', 'subscription'] as const,
};

export function useMyMailbox(enabled: boolean) {
  return useQuery({
    queryKey: myMailboxKeys.mailbox(),
    queryFn: () => get<MyMailbox>('mailboxes/my'),
    enabled,
    retry: false,
  });
}

/** Plan and renewal date for the card. */
export function useMyPlan(enabled: boolean) {
  return useQuery({
    queryKey: myMailboxKeys.subscription(),
    queryFn: () => get<MySubscription>('subscriptions/my'),
    enabled,
  });
}
