import type { AccountType, RoleCode } from '@postwise/shared/roles';

export const ACCOUNT_TYPE_LABEL: Record<AccountType, string> = {
  shipment: 'Shipping',
  mailbox: 'Mailbox',
  both: 'Mailbox & Shipping',
};

export const ROLE_LABEL: Record<RoleCode, string> = {
  SUPER_ADMIN: 'Super Admin',
  SUB_ADMIN: 'Sub Admin',
  USER: 'Customer',
};

const ACTIONS: Record<string, string> = {
  'account.access': 'Accessed the account',
  'account.revert': 'Left the account',
  'user.invite': 'Invited',
  'user.update': 'Edited the account',
  'application.approve': 'Approved the mailbox application',
  'application.reject': 'Rejected the mailbox application',
  'settings.password-protection': 'Changed Configuration protection',
  'settings.logo': 'Uploaded a logo',
  'settings.logo-removed': 'Removed a logo',
  'settings.profile': 'Updated their details',
  'settings.policy-and-terms': 'Edited Policy & Terms',
  'store.create': 'Added a store',
  'store.update': 'Edited a store',
  'store.delete': 'Deleted a store',
  'faq.create': 'Added an FAQ',
  'faq.update': 'Edited an FAQ',
  'faq.delete': 'Deleted an FAQ',
  'faq.move': 'Reordered the FAQs',
};

/** A readable line for an audit action; a raw request ("PUT /api/v1/...") reads as the request itself. */
export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action.replace(/^([A-Z]+) \/api\/v1\//, '$1 /');
}
