import { z } from 'zod';

/**
 * USPS compliance of a Commercial Mail Receiving Agency (CMRA): the IDs of each person on a box as the store agent
 * recorded them from the originals, the witness of Form 1583, the customer registration (CRD) export, the
 * quarterly certification and the closed-box report. Shared by the API's schemas and the web forms.
 */

/** The people a Form 1583 names: the applicant and the authorized individual (box 13). */
export const COMPLIANCE_PERSONS = ['applicant', 'authorized'] as const;
export type CompliancePerson = (typeof COMPLIANCE_PERSONS)[number];

/** The two IDs USPS asks of each person: one with a photograph, one proving the home address. */
export const COMPLIANCE_ID_KINDS = ['photo', 'address'] as const;
export type ComplianceIdKind = (typeof COMPLIANCE_ID_KINDS)[number];

/** How the agent saw the original IDs (USPS accepts a live video call with a notary or the CMRA). */
export const WITNESS_METHODS = ['in_person', 'video'] as const;
export type WitnessMethod = (typeof WITNESS_METHODS)[number];
export const WITNESS_METHOD_LABELS: Record<WitnessMethod, string> = {
  in_person: 'In person',
  video: 'Live video call',
};

export const COMPLIANCE_MESSAGES = {
  idTypeRequired: 'ID type is required',
  idNumberRequired: 'ID number is required',
  issuingAuthorityRequired: 'Issuing authority is required',
  expiresOnInvalid: 'Expiry date is invalid',
  witnessedOnInvalid: 'Date is invalid',
  duplicateId: 'Each person has one photo ID and one address ID',
  quarterInvalid: 'Quarter is invalid (e.g. 2026-Q3)',
  senderRequired: 'Sender is required',
} as const;

/** Days ahead of an ID's expiry that the operator and the customer are told. */
export const ID_EXPIRY_ALERT_DAYS = 30;
/** Day of the month (in January, April, July and October) the quarterly certification is due. */
export const CERTIFICATION_DAY = 15;

/** A calendar day as YYYY-MM-DD that exists (no 2030-02-30). */
const isoDate = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((d) => {
      const parsed = new Date(`${d}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
    }, message);
const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, message);

export const complianceIdSchema = z.object({
  person: z.enum(COMPLIANCE_PERSONS),
  kind: z.enum(COMPLIANCE_ID_KINDS),
  idType: required(COMPLIANCE_MESSAGES.idTypeRequired),
  idNumber: required(COMPLIANCE_MESSAGES.idNumberRequired),
  issuingAuthority: required(COMPLIANCE_MESSAGES.issuingAuthorityRequired),
  /** Some address IDs (a deed) never expire. */
  expiresOn: isoDate(COMPLIANCE_MESSAGES.expiresOnInvalid).nullable(),
});
export type ComplianceIdInput = z.infer<typeof complianceIdSchema>;

export const witnessSchema = z.object({
  method: z.enum(WITNESS_METHODS),
  witnessedOn: isoDate(COMPLIANCE_MESSAGES.witnessedOnInvalid),
  /** The store agent who checked the originals; the approving operator when left out. */
  agentName: z.string().trim().max(120).optional(),
});
export type WitnessInput = z.infer<typeof witnessSchema>;

/** The IDs recorded at approval: at most one of each kind per person. */
export const complianceIdsSchema = z
  .array(complianceIdSchema)
  .max(COMPLIANCE_PERSONS.length * COMPLIANCE_ID_KINDS.length)
  .refine((ids) => new Set(ids.map((i) => `${i.person}:${i.kind}`)).size === ids.length, {
    message: COMPLIANCE_MESSAGES.duplicateId,
  });

export interface ComplianceId extends ComplianceIdInput {
  personName: string;
}

export interface Witness {
  agentName: string;
  method: WitnessMethod;
  witnessedOn: string;
}

/** A quarter as "2026-Q3". */
export const quarterSchema = z.string().regex(/^\d{4}-Q[1-4]$/, COMPLIANCE_MESSAGES.quarterInvalid);

export function quarterOf(date: Date): string {
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}

/** The quarter's first instant and the next quarter's first instant (UTC). */
export function quarterRange(quarter: string): { start: Date; end: Date } {
  const [year, q] = quarter.split('-Q').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, (q - 1) * 3, 1));
  const end = new Date(Date.UTC(year, q * 3, 1));
  return { start, end };
}

/** The certification day of the quarter `date` falls in (Jan/Apr/Jul/Oct 15, UTC). */
export function certificationDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, CERTIFICATION_DAY));
}

/** What happens to mail for a closed box: held for the holder in its first months, then returned to sender. */
export type ClosedBoxMailStatus = 'hold' | 'return_to_sender';

export interface ClosedBox {
  mailboxId: string;
  pmb: string;
  holderName: string;
  names: string[];
  openedAt: string;
  closedAt: string;
  mailStatus: ClosedBoxMailStatus;
  /** Items still at the store. */
  itemsOnHand: number;
  /** Forward requests not yet completed. */
  forwardsOpen: number;
}

export interface ExpiringId {
  id: string;
  mailboxId: string | null;
  pmb: string | null;
  holderName: string;
  personName: string;
  person: CompliancePerson;
  kind: ComplianceIdKind;
  idType: string;
  expiresOn: string;
}

export const closedBoxesQuerySchema = z.object({
  storeId: z.uuid('Store id is invalid.'),
  quarter: quarterSchema.optional(),
});

export const complianceStoreQuerySchema = z.object({ storeId: z.uuid('Store id is invalid.') });

/* ---------- Change-of-address kit ---------- */

export interface MailSender {
  sender: string;
  count: number;
  lastSeen: string;
}

export const LETTER_DIRECTIONS = ['in', 'out'] as const;
export type LetterDirection = (typeof LETTER_DIRECTIONS)[number];

export const senderLetterQuerySchema = z.object({
  sender: z.string().trim().min(1, COMPLIANCE_MESSAGES.senderRequired).max(200),
  direction: z.enum(LETTER_DIRECTIONS),
});
