import type { PlanAudience } from '@postwise/shared/plans';

export interface PlanKind {
  audience: PlanAudience;
  title: string;
  singular: string;
  base: string;
  description: string;
}

export const PLAN_KINDS: Record<PlanAudience, PlanKind> = {
  customer: {
    audience: 'customer',
    title: 'Customer Plans',
    singular: 'Customer Plan',
    base: '/configuration/customer-plans',
    description: 'Mailbox plans and scan packages your customers can buy.',
  },
  sub_admin: {
    audience: 'sub_admin',
    title: 'Sub Admin Plans',
    singular: 'Sub Admin Plan',
    base: '/configuration/sub-admin-plans',
    description: 'Reseller plans sub-admins subscribe to, with their store and mailbox allowance.',
  },
};
