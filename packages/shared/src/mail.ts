import { MAIL_RULES } from './mail-time-rules';
import type { PlanAdditionalFee } from './plans';

/**
 * Mailbox operations: the kinds of mail a store receives, the state of an item, the customer's
 * requests on it and the fees of the plan's additionalFee (spec 3, 9). Pure functions: every rule that depends
 * on time takes `now`, so the API, the jobs and the screens compute the same answer for the same moment.
 */

/**
 * Widths (px) of the WebP thumbnails of envelope photos: an <img srcset> lists them and the browser takes the
 * smallest that fills its box at the screen's density. The original is fetched only when the photo is opened.
 */
export const MAIL_PHOTO_THUMBNAIL_WIDTHS = [160, 320, 640, 1280] as const;
export type MailPhotoThumbnailWidth = (typeof MAIL_PHOTO_THUMBNAIL_WIDTHS)[number];

export const MAIL_ITEM_KINDS = ['letter', 'large_envelope', 'package', 'pallet'] as const;
export type MailItemKind = (typeof MAIL_ITEM_KINDS)[number];

export const MAIL_ITEM_KIND_LABELS: Record<MailItemKind, string> = {
  letter: 'Letter',
  large_envelope: 'Large envelope',
  package: 'Package',
  pallet: 'Pallet',
};

export const MAIL_ITEM_STATUSES = [
  'received',
  'scan_requested',
  'scanned',
  'forward_requested',
  'forwarded',
  'pickup_requested',
  'picked_up',
  'shred_requested',
  'shredded',
  'junk_requested',
  'junked',
] as const;
export type MailItemStatus = (typeof MAIL_ITEM_STATUSES)[number];

/** After these the item has left the store (or was destroyed): it may go to the trash and stops accruing storage. */
export const FINAL_ITEM_STATUSES = ['forwarded', 'picked_up', 'shredded', 'junked'] as const satisfies MailItemStatus[];
export type FinalItemStatus = (typeof FINAL_ITEM_STATUSES)[number];

export function isFinalStatus(status: MailItemStatus): status is FinalItemStatus {
  return (FINAL_ITEM_STATUSES as readonly string[]).includes(status);
}

export const MAIL_FOLDERS = ['inbox', 'archive', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const MAIL_REQUEST_TYPES = ['scan', 'forward', 'pickup', 'shred', 'junk'] as const;
export type MailRequestType = (typeof MAIL_REQUEST_TYPES)[number];

export const MAIL_REQUEST_TYPE_LABELS: Record<MailRequestType, string> = {
  scan: 'Open & scan',
  forward: 'Forward',
  pickup: 'Hold for pickup',
  shred: 'Shred',
  junk: 'Junk / recycle',
};

export const MAIL_REQUEST_STATUSES = ['requested', 'in_progress', 'quote_pending', 'completed', 'cancelled'] as const;
export type MailRequestStatus = (typeof MAIL_REQUEST_STATUSES)[number];

/** Requests still waiting for work (the operator queue's default and "one open request per item"). */
export const OPEN_REQUEST_STATUSES = [
  'requested',
  'in_progress',
  'quote_pending',
] as const satisfies MailRequestStatus[];

export function isOpenRequest(status: MailRequestStatus): boolean {
  return (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);
}

// In a module of its own: the plan cards of the prerendered public pages need these rules and nothing else here.
export { MAIL_RULES };

export const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

// ---------------------------------------------------------------------------------------------------------------
// Request state machine

export type MailRequestEvent =
  /** The operator starts the work (prints, packs, opens). */
  | { type: 'start' }
  /** The operator enters the actual cost; `higher` when it exceeds what the customer paid. */
  | { type: 'quote'; higher: boolean }
  /** The customer accepts a higher quote. */
  | { type: 'approve_quote' }
  | { type: 'complete' }
  /** The customer withdraws the request. */
  | { type: 'cancel' };

export class MailRequestTransitionError extends Error {
  constructor(
    readonly from: MailRequestStatus,
    readonly event: MailRequestEvent['type'],
    message: string,
  ) {
    super(message);
    this.name = 'MailRequestTransitionError';
  }
}

export const MAIL_REQUEST_MESSAGES = {
  cancelStarted: 'This request can no longer be cancelled: the store has started it.',
  notOpen: 'This request is already finished.',
  noQuotePending: 'There is no new quote to approve.',
  quotePending: 'The customer has not approved the new quote yet.',
} as const;

/**
 * requested → in_progress → completed; cancelled only before the operator starts (or while a higher quote waits
 * for the customer, who may refuse it); a higher quote puts the request in quote_pending until approved.
 */
export function nextRequestStatus(from: MailRequestStatus, event: MailRequestEvent): MailRequestStatus {
  const fail = (message: string) => {
    throw new MailRequestTransitionError(from, event.type, message);
  };
  if (from === 'completed' || from === 'cancelled') return fail(MAIL_REQUEST_MESSAGES.notOpen);
  switch (event.type) {
    case 'start':
      if (from === 'quote_pending') return fail(MAIL_REQUEST_MESSAGES.quotePending);
      return 'in_progress';
    case 'quote':
      if (event.higher) return 'quote_pending';
      // An equal or lower quote needs no approval: the work goes on.
      return from === 'quote_pending' ? 'in_progress' : from === 'requested' ? 'in_progress' : from;
    case 'approve_quote':
      if (from !== 'quote_pending') return fail(MAIL_REQUEST_MESSAGES.noQuotePending);
      return 'in_progress';
    case 'complete':
      if (from === 'quote_pending') return fail(MAIL_REQUEST_MESSAGES.quotePending);
      return 'completed';
    case 'cancel':
      if (from === 'in_progress') return fail(MAIL_REQUEST_MESSAGES.cancelStarted);
      return 'cancelled';
  }
}

export function canCancelRequest(status: MailRequestStatus): boolean {
  return status === 'requested' || status === 'quote_pending';
}

/** The item's status while a request of `type` is open, and after it is completed. */
export const ITEM_STATUS_BY_REQUEST: Record<MailRequestType, { open: MailItemStatus; done: MailItemStatus }> = {
  scan: { open: 'scan_requested', done: 'scanned' },
  forward: { open: 'forward_requested', done: 'forwarded' },
  pickup: { open: 'pickup_requested', done: 'picked_up' },
  shred: { open: 'shred_requested', done: 'shredded' },
  junk: { open: 'junk_requested', done: 'junked' },
};

/** Which requests an item in `status` accepts: none while another is open or after it has left the store. */
export function requestAllowed(kind: MailItemKind, status: MailItemStatus, type: MailRequestType): boolean {
  if (status !== 'received' && status !== 'scanned') return false;
  // Only paper can be opened and scanned, or shredded; a scanned letter is not scanned again.
  if (type === 'scan') return status === 'received' && (kind === 'letter' || kind === 'large_envelope');
  if (type === 'shred') return kind === 'letter' || kind === 'large_envelope';
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Folders

export const MAIL_FOLDER_MESSAGES = {
  trashOnlyFinal: 'Only mail that was forwarded, picked up, shredded or recycled can go to the trash.',
  alreadyThere: 'The item is already in this folder.',
  restoreExpired: 'The trash has been emptied: this item can no longer be restored.',
  notInTrashOrArchive: 'Only archived or trashed items can be restored.',
} as const;

export type FolderAction = 'archive' | 'trash' | 'restore';

/**
 * Where an item goes on archive / trash / restore, or the reason it may not: the trash takes only items after a
 * final action (forwarded, picked up, shredded, junked), restore brings archived or trashed items back to the
 * inbox until the trash is emptied.
 */
export function folderMove(
  item: { folder: MailFolder; status: MailItemStatus; trashedAt: Date | null },
  action: FolderAction,
  now: Date,
): { ok: true; folder: MailFolder } | { ok: false; message: string } {
  switch (action) {
    case 'archive':
      if (item.folder === 'archive') return { ok: false, message: MAIL_FOLDER_MESSAGES.alreadyThere };
      if (item.folder === 'trash') return { ok: false, message: MAIL_FOLDER_MESSAGES.notInTrashOrArchive };
      return { ok: true, folder: 'archive' };
    case 'trash':
      if (item.folder === 'trash') return { ok: false, message: MAIL_FOLDER_MESSAGES.alreadyThere };
      if (!isFinalStatus(item.status)) return { ok: false, message: MAIL_FOLDER_MESSAGES.trashOnlyFinal };
      return { ok: true, folder: 'trash' };
    case 'restore':
      if (item.folder === 'inbox') return { ok: false, message: MAIL_FOLDER_MESSAGES.notInTrashOrArchive };
      if (item.folder === 'trash' && item.trashedAt && now >= trashPurgeAt(item.trashedAt)) {
        return { ok: false, message: MAIL_FOLDER_MESSAGES.restoreExpired };
      }
      return { ok: true, folder: 'inbox' };
  }
}

export function trashPurgeAt(trashedAt: Date): Date {
  return addDays(trashedAt, MAIL_RULES.trashRetentionDays);
}

// ---------------------------------------------------------------------------------------------------------------
// Fees

export type MailFeeKind = 'storage' | 'package_receiving' | 'overweight' | 'pallet_receiving' | 'consolidation';

export interface Dimensions {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

export function freeStorageDays(kind: MailItemKind): number {
  return kind === 'letter' || kind === 'large_envelope'
    ? MAIL_RULES.mailFreeStorageDays
    : MAIL_RULES.packageFreeStorageDays;
}

/** The plan's per-day storage fee for this kind of item. */
export function storageDailyFee(kind: MailItemKind, fee: PlanAdditionalFee): number {
  if (kind === 'package') return fee.packageStorage;
  if (kind === 'pallet') return fee.palletStorage;
  return fee.mailStorage;
}

export function freeUntil(kind: MailItemKind, receivedAt: Date): Date {
  return addDays(receivedAt, freeStorageDays(kind));
}

export function isOverweight(weightLb: number | null, dims: Dimensions | null): boolean {
  if (weightLb !== null && weightLb >= MAIL_RULES.overweightPounds) return true;
  if (dims && dims.lengthIn + dims.widthIn + dims.heightIn >= MAIL_RULES.oversizeInches) return true;
  return false;
}

/**
 * One-time fees charged when an item is received: package receiving beyond the month's free receipts (the
 * receipt's 1-based number within the month), pallet receiving, overweight. Integer cents.
 */
export function receivingFees(
  item: { kind: MailItemKind; weightLb: number | null; dimensions: Dimensions | null; receiptNumberThisMonth: number },
  fee: PlanAdditionalFee,
): { kind: MailFeeKind; amountCents: number }[] {
  const fees: { kind: MailFeeKind; amountCents: number }[] = [];
  if (item.kind === 'package' && item.receiptNumberThisMonth > MAIL_RULES.freePackageReceiptsPerMonth) {
    fees.push({ kind: 'package_receiving', amountCents: fee.packageReceiving });
  }
  if (item.kind === 'pallet') fees.push({ kind: 'pallet_receiving', amountCents: fee.palletReceiving });
  if ((item.kind === 'package' || item.kind === 'pallet') && isOverweight(item.weightLb, item.dimensions)) {
    fees.push({ kind: 'overweight', amountCents: fee.overWeight });
  }
  return fees.filter((f) => f.amountCents > 0);
}

/** Consolidating packages into one forward costs the plan's packageConsolidation per package (not for one). */
export function consolidationFee(packageCount: number, fee: PlanAdditionalFee): number {
  return packageCount > 1 ? packageCount * fee.packageConsolidation : 0;
}

/** What an item's storage fee is computed from (a snapshot of the plan at receipt, so later plan edits don't change it). */
export interface StorageClock {
  freeUntil: Date;
  storageDailyFeeCents: number;
  /** When storage ended (the item left the store or was destroyed), else null. */
  storageEndedAt: Date | null;
}

/** Whole storage days that have started after the free period, up to `now` (or the end of storage). */
export function storageDaysAccrued(item: StorageClock, now: Date): number {
  const end = item.storageEndedAt && item.storageEndedAt < now ? item.storageEndedAt : now;
  const over = end.getTime() - item.freeUntil.getTime();
  return over <= 0 ? 0 : Math.ceil(over / DAY_MS);
}

/** Free days left before storage fees start (0 once they have started or storage ended first). */
export function freeDaysLeft(item: StorageClock, now: Date): number {
  if (item.storageEndedAt && item.storageEndedAt <= now) return 0;
  const left = item.freeUntil.getTime() - now.getTime();
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

/** The fee accrued so far: one-time receiving fees plus each started storage day. Integer cents. */
export function feeAccruedCents(item: StorageClock & { receivingFeeCents: number }, now: Date): number {
  return item.receivingFeeCents + storageDaysAccrued(item, now) * item.storageDailyFeeCents;
}

/** The "fees start in 5 days" notice is due for this item at `now` (and not yet sent). */
export function feeWarningDue(item: StorageClock, now: Date): boolean {
  if (item.storageEndedAt || item.storageDailyFeeCents <= 0) return false;
  const left = item.freeUntil.getTime() - now.getTime();
  return left > 0 && left <= MAIL_RULES.feeWarningDays * DAY_MS;
}

// ---------------------------------------------------------------------------------------------------------------
// Forwarding price

/** Handling per forward, postage by weight and insurance per declared value (until a carrier API quotes live). */
export const FORWARD_PRICING = {
  handlingCents: 300,
  postageBaseCents: 599,
  postagePerPoundCents: 95,
  /** Dimensional weight divisor (cubic inches per pound), as the big carriers use. */
  dimDivisor: 139,
  /** Insurance: the first $100 of declared value are covered free, then this much per $100 or part of it. */
  insuranceFreeCents: 10_000,
  insurancePer100DollarsCents: 150,
} as const;

export function insuranceCents(declaredValueCents: number): number {
  const over = declaredValueCents - FORWARD_PRICING.insuranceFreeCents;
  return over <= 0 ? 0 : Math.ceil(over / 10_000) * FORWARD_PRICING.insurancePer100DollarsCents;
}

/** Postage estimate from the billable weight (actual or dimensional, whichever is larger, rounded up to a pound). */
export function estimatePostageCents(weightLb: number, dims: Dimensions | null): number {
  const dimWeight = dims ? (dims.lengthIn * dims.widthIn * dims.heightIn) / FORWARD_PRICING.dimDivisor : 0;
  const pounds = Math.max(1, Math.ceil(Math.max(weightLb, dimWeight)));
  return FORWARD_PRICING.postageBaseCents + (pounds - 1) * FORWARD_PRICING.postagePerPoundCents;
}

/** A signature on delivery when the carrier's rating cannot price it (the fixed formula). */
export const FORWARD_SIGNATURE_FORMULA_CENTS = 350;

/** How long a forward rate (its rateId) can be booked at its price. */
export const FORWARD_RATE_TTL_MINUTES = 30;

/** "FedEx Ground" rather than "FedEx FedEx Ground": the carrier only when the service does not name it. */
export function carrierServiceName(carrier: string, service: string): string {
  return service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
}

/** The parcel several items make: their weights summed, a box that fits the largest of each side. */
export interface ForwardParcel {
  weightLb: number;
  dimensions: Dimensions;
}

/** The box a parcel goes in when no item was measured: a small box. */
export const FORWARD_DEFAULT_BOX: Dimensions = { lengthIn: 10, widthIn: 8, heightIn: 4 };

/**
 * One parcel estimate for the items forwarded together, or null when an item has no measured weight (then no
 * carrier can rate it). Each item's sides are sorted longest first, and the box takes the largest of each.
 */
export function forwardParcel(
  items: { weightLb: number | null; dimensions: Dimensions | null }[],
): ForwardParcel | null {
  if (items.length === 0 || items.some((i) => i.weightLb === null || !(i.weightLb > 0))) return null;
  const weightLb = Math.round(items.reduce((sum, i) => sum + (i.weightLb ?? 0), 0) * 100) / 100;
  const sides = items
    .filter((i) => i.dimensions)
    .map((i) => [i.dimensions!.lengthIn, i.dimensions!.widthIn, i.dimensions!.heightIn].sort((a, b) => b - a));
  if (sides.length === 0) return { weightLb, dimensions: FORWARD_DEFAULT_BOX };
  const largest = (n: number) => Math.max(...sides.map((s) => s[n]!));
  return { weightLb, dimensions: { lengthIn: largest(0), widthIn: largest(1), heightIn: largest(2) } };
}

export interface ForwardQuote {
  postageCents: number;
  handlingCents: number;
  insuranceCents: number;
  consolidationCents: number;
  totalCents: number;
  /** A signature on delivery, when asked for (absent: none). */
  signatureCents?: number;
}

/** The price of forwarding the given items together (one parcel), paid when requested. */
export function forwardQuote(
  items: { kind: MailItemKind; weightLb: number | null; dimensions: Dimensions | null }[],
  declaredValueCents: number,
  fee: PlanAdditionalFee,
): ForwardQuote {
  const weight = items.reduce((sum, i) => sum + (i.weightLb ?? 0.1), 0);
  const dims = items.length === 1 ? items[0]!.dimensions : null;
  const quote = {
    postageCents: estimatePostageCents(weight, dims),
    handlingCents: FORWARD_PRICING.handlingCents,
    insuranceCents: insuranceCents(declaredValueCents),
    consolidationCents: consolidationFee(items.length, fee),
  };
  return {
    ...quote,
    totalCents: quote.postageCents + quote.handlingCents + quote.insuranceCents + quote.consolidationCents,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Mailbox status and USPS address

export type MailboxRecordStatus = 'active' | 'closed';
/** What the operator sees: cancelled less than 6 months ago (hold USPS mail, do not log) or closed (return to sender). */
export type MailboxDisplayStatus = 'active' | 'cancelled' | 'closed';

export function mailboxDisplayStatus(
  status: MailboxRecordStatus,
  closedAt: Date | null,
  now: Date,
): MailboxDisplayStatus {
  if (status === 'active') return 'active';
  if (!closedAt) return 'closed';
  const hold = new Date(closedAt);
  hold.setUTCMonth(hold.getUTCMonth() + MAIL_RULES.cancelledHoldMonths);
  return now < hold ? 'cancelled' : 'closed';
}

export const MAIL_INTAKE_MESSAGES = {
  closed: 'This mailbox is closed. Do not log this mail: return it to sender.',
  cancelled:
    'This mailbox was cancelled. Hold USPS mail for the box holder, do not log it; return other mail to sender.',
  notApproved:
    'This mailbox has no approved USPS Form 1583 application yet. Mail cannot be accepted: return it to sender.',
} as const;

const US_STATES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  'district of columbia': 'DC',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
  'puerto rico': 'PR',
  guam: 'GU',
};

/** USPS two-letter state code ("California" → "CA"); an unknown name is kept as written. */
export function uspsState(state: string): string {
  const trimmed = state.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return US_STATES[trimmed.toLowerCase()] ?? trimmed;
}

/**
 * The PMB designation USPS accepts for a CMRA box: "PMB 1003" or "#1003", never "PO Box" (a CMRA address is a
 * street address; writing PO Box misroutes the mail). Any other prefix a store typed is written as PMB.
 */
export function pmbDesignation(prefix: string, pmbNumber: number): string {
  return prefix.trim() === '#' ? `#${pmbNumber}` : `PMB ${pmbNumber}`;
}

export interface MailboxAddressInput {
  name: string;
  store: { address1: string; address2?: string | null; city: string; state: string; zip: string };
  pmbPrefix: string;
  pmbNumber: number;
}

/**
 * The box holder's address written the USPS way: recipient, street line with the PMB designation (the store's
 * own suite, if any, comes first), and "CITY ST ZIP".
 */
export function formatMailboxAddress(input: MailboxAddressInput): { lines: string[]; text: string } {
  const street = [
    input.store.address1.trim(),
    input.store.address2?.trim(),
    pmbDesignation(input.pmbPrefix, input.pmbNumber),
  ]
    .filter(Boolean)
    .join(' ');
  const lines = [
    input.name.trim(),
    street,
    `${input.store.city.trim()} ${uspsState(input.store.state)} ${input.store.zip.trim()}`,
  ];
  return { lines, text: lines.join('\n') };
}

// ---------------------------------------------------------------------------------------------------------------
// Outbound tracking

const CARRIER_TRACKING: { match: RegExp; url: (n: string) => string }[] = [
  { match: /\bups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { match: /\busps\b|postal service/i, url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  { match: /fed\s?ex/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { match: /\bdhl\b/i, url: (n) => `https://www.dhl.com/en/express/tracking.html?AWB=${n}` },
];

/** The carrier's public tracking page for a forwarded parcel, or null for a carrier we do not know. */
export function carrierTrackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const found = CARRIER_TRACKING.find((c) => c.match.test(carrier));
  return found ? found.url(encodeURIComponent(trackingNumber.trim())) : null;
}
