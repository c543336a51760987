import type { ProfileStatus, User } from './api-types';
import type { ComplianceId, Witness } from './compliance';
import type { AccountType, ProfileKind, RoleCode } from './roles';

/** Who someone is, in one line: enough to show and link a related account. */
export interface UserRef {
  id: string;
  fullName: string;
  email: string;
  role: RoleCode;
}

/** A row of the customers, sub-admins and referred-clients lists. */
export interface ManagedUserItem {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  role: RoleCode;
  accountType: AccountType | null;
  status: 'active' | 'inactive';
  isSuperSubAdmin: boolean;
  /** Created by an admin and not yet registered through the invitation. */
  invited: boolean;
  parentUser: UserRef | null;
  referredBy: UserRef | null;
  profiles: { shipment: ProfileStatus; mailbox: ProfileStatus } | null;
  createdAt: string;
  /** Sub-admins: how many customers and stores they hold. */
  customerCount?: number;
  storeCount?: number;
}

export interface MailboxSummary {
  id: string;
  storeId: string;
  storeName: string;
  /** The PMB designation as printed, e.g. "PMB 1001". */
  pmb: string;
  status: 'active' | 'closed';
  openedAt: string;
  /** The full mailing address: the store's street with the PMB. */
  address: string;
}

/** The detail page of a customer, sub-admin or referred client. */
export interface ManagedUserDetail {
  user: User;
  invited: boolean;
  parent: UserRef | null;
  referredBy: UserRef | null;
  profiles: { currentProfile: ProfileKind | null; shipment: ProfileStatus; mailbox: ProfileStatus } | null;
  mailbox: MailboxSummary | null;
  /** Sub-admins only. */
  counts?: { customers: number; referredClients: number; stores: number };
}

/** A row of the audit log: who did what, as whom, when. */
export interface AuditEntry {
  id: string;
  action: string;
  actor: UserRef | null;
  actingAs: UserRef | null;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

export interface Store {
  id: string;
  owner: UserRef;
  name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  hours: string;
  latitude: number | null;
  longitude: number | null;
  pmbPrefix: string;
  nextPmbNumber: number;
  isDefault: boolean;
  /** IANA zone its days and months are counted in (free storage, fees, billing days, payouts, reports). */
  timeZone: string;
  mailboxCount: number;
  createdAt: string;
}

/** GET faqs: a published question as the public site shows it (the API's Faq schema). */
export interface Faq {
  id: string;
  question: string;
  answer: string;
}

export interface FaqAdminItem {
  id: string;
  question: string;
  answer: string;
  sortOrder: number;
  isPublished: boolean;
  updatedAt: string;
}

export interface AccountSetting {
  isPasswordProtected: boolean;
  lightLogo: string | null;
  darkLogo: string | null;
}

export interface PolicyAndTermsContent {
  privacyPolicyHtml: string;
  termsHtml: string;
  updatedAt: string | null;
}

/** A document of a mailbox application (USPS Form 1583 IDs), served by the documents endpoint. */
export interface ApplicationDocument {
  id: string;
  kind: string;
  idType: string | null;
  contentType: string;
  size: number;
  reviewStatus: string | null;
  /** API path (under /api/v1) that streams the file to a caller allowed to see it. */
  url: string;
  createdAt: string;
}

export type ApplicationStatus = 'pending' | 'active' | 'rejected' | 'none' | 'inactive';

export interface ApplicationItem {
  userId: string;
  fullName: string;
  email: string;
  mailboxType: 'personal' | 'business' | null;
  accountType: AccountType | null;
  status: ApplicationStatus;
  parentUser: UserRef | null;
  submittedAt: string | null;
}

export interface ApplicationDetail {
  applicant: User;
  status: ApplicationStatus;
  parentUser: UserRef | null;
  signedAt: string | null;
  submittedAt: string | null;
  rejectionReason: string | null;
  documents: ApplicationDocument[];
  mailbox: MailboxSummary | null;
  /** Stores the mailbox may open at (the owner's), default first. */
  stores: { id: string; name: string; address: string; nextPmb: string; isDefault: boolean }[];
  /** The IDs the agent recorded from the originals (Form 1583 boxes 7 and 13). */
  complianceIds: ComplianceId[];
  /** Who checked the original IDs, how and when. */
  witness: Witness | null;
}

export function formatPmb(prefix: string, num: number): string {
  const p = prefix.trim();
  if (!p) return String(num);
  return p === '#' ? `#${num}` : `${p} ${num}`;
}

/** GET plan-usage: a sub-admin's plan limits (numberOfStores, numberOfMailboxes; null: no limit) and what they use. */
export interface PlanUsage {
  planName: string | null;
  storesLimit: number | null;
  storesUsed: number;
  mailboxesLimit: number | null;
  mailboxesUsed: number;
}

/** GET dashboard/sub-admin: the sub-admin's live figures. */
export interface SubAdminDashboard {
  customers: number;
  pendingApplications: number;
  openMailRequests: number;
  payoutSoFar: { periodStart: string; periodEnd: string; payoutCents: number };
  planUsage: PlanUsage;
}
