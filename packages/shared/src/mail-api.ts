import type {
  ForwardParcel,
  ForwardQuote,
  MailboxDisplayStatus,
  MailFolder,
  MailItemKind,
  MailItemStatus,
  MailRequestStatus,
  MailRequestType,
} from './mail';

/** API answers of mailbox operations, shared by the API's response schemas and the web client. */

/** A forwarding address as stored on a request (optional parts absent when not given). */
export interface ForwardAddressDto {
  name: string;
  companyName?: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone?: string;
}

export interface MailboxAddress {
  lines: string[];
  text: string;
}

/** GET mailboxes / mailboxes/{id} (operators). */
export interface MailboxSummary {
  id: string;
  pmbNumber: number;
  /** "PMB 1003" or "#1003". */
  pmb: string;
  status: MailboxDisplayStatus;
  mailboxType: 'personal' | 'business';
  /** The box holder and the other names mail may be addressed to. */
  holder: { id: string; fullName: string; email: string };
  names: string[];
  store: { id: string; name: string };
  address: MailboxAddress;
  /** Form 1583 application approved (the profile's mailbox status is active): mail may be received. */
  isApproved: boolean;
  itemsOnHand: number;
  feesAccruedCents: number;
  openedAt: string;
  closedAt: string | null;
}

export interface MailboxDetail extends MailboxSummary {
  /** Senders of this box's earlier mail, most recent first (the intake form's type-ahead). */
  recentSenders: string[];
}

/** POST mail-intake/read: what the photo of an envelope or label says, for the operator to confirm. */
export interface IntakeReading {
  /** The text read from the photo. */
  text: string;
  /** The PMB number written on it (the first that names one of the operator's boxes), or null. */
  pmbNumber: number | null;
  pmb: string | null;
  /** The box it names among the operator's stores, with its status; null when none (or several) match. */
  mailbox: MailboxSummary | null;
  /** Several of the operator's stores give that number and the envelope does not say which: the operator picks. */
  candidates: MailboxSummary[];
  /** Who sent it, as read; null when no line looks like a sender. */
  sender: string | null;
  /** The sender is one the box has received from before, written on the envelope. */
  senderKnown: boolean;
}

export interface MailItem {
  id: string;
  /** The short number printed on the internal label. */
  number: number;
  mailboxId: string;
  pmb: string;
  kind: MailItemKind;
  sender: string;
  carrier: string | null;
  trackingNumber: string | null;
  weightLb: number | null;
  dimensions: { lengthIn: number; widthIn: number; heightIn: number } | null;
  message: string | null;
  status: MailItemStatus;
  folder: MailFolder;
  receivedAt: string;
  freeUntil: string;
  freeDaysLeft: number;
  feeAccruedCents: number;
  storageDailyFeeCents: number;
  /** API paths of the envelope photos (served only to the box holder and the store's operators). */
  photoUrls: string[];
  /**
   * Per photo, a signed link (valid about a day, no session needed) to its WebP thumbnails: append
   * `&width=<one of MAIL_PHOTO_THUMBNAIL_WIDTHS>`. For <img srcset>, which cannot send the session header.
   */
  photoThumbnailUrls: string[];
  /** API path of the contents PDF once scanned. */
  scanUrl: string | null;
  /** Signed link to the scan's first page as WebP; append `&width=` (one of MAIL_PHOTO_THUMBNAIL_WIDTHS). */
  scanPreviewUrl: string | null;
  trashedAt: string | null;
  /** When the trash is emptied (restore works until then). */
  purgeAt: string | null;
  openRequest: { id: string; type: MailRequestType; status: MailRequestStatus } | null;
  /** The customer's rule that acted on the item (id null once the rule is deleted; its name stays). */
  rule: { id: string | null; name: string } | null;
  /** Only on GET mail-items/{id}: the newest request, finished or not (its timeline and tracking). */
  lastRequest?: { id: string; type: MailRequestType; status: MailRequestStatus } | null;
  /** Whose words were read (in the background, after the file was stored): the item is found by them. */
  searchable: { envelope: boolean; scan: boolean };
  /** Only on GET mail-items/{id}: the text read from the envelope photos and from the scan (null until read). */
  recognisedText?: { envelope: string | null; scan: string | null };
  /** Only in a search's answer, when the words matched inside the scan or on the envelope: where, highlighted. */
  searchMatch?: MailSearchMatch | null;
}

/** A few words around a search's match in an item's recognised text; `match` parts are the words searched for. */
export interface MailSearchMatch {
  source: 'scan' | 'envelope';
  parts: { text: string; match: boolean }[];
}

export interface MailRequestEventDto {
  at: string;
  status: MailRequestStatus | 'quote';
  byUserId: string | null;
  note?: string;
}

export interface MailRequest {
  id: string;
  type: MailRequestType;
  status: MailRequestStatus;
  itemIds: string[];
  item: { id: string; number: number; kind: MailItemKind; sender: string; status: MailItemStatus };
  mailbox: { id: string; pmb: string; storeId: string; storeName: string };
  customer: { id: string; fullName: string; email: string };
  address: ForwardAddressDto | null;
  declaredValueCents: number;
  estimate: ForwardQuote | null;
  paidCents: number;
  quoteCents: number | null;
  extraDueCents: number;
  refundCents: number;
  carrierService: string | null;
  packaging: string | null;
  outboundCarrier: string | null;
  outboundTracking: string | null;
  /** The live rate a forward was booked on (null: priced by the fixed formula). */
  forwardRate: { carrier: string; service: string; signature: boolean } | null;
  /** The outbound label bought for a forward (the shipment; its label is GET shipments/{id}/label). */
  shipmentId: string | null;
  /** Only on GET mail-requests/{id}: the outbound parcel's carrier tracking, once its label is bought. */
  tracking?: ForwardTracking | null;
  pickedUpBy: 'passcode' | 'authorized_individual' | null;
  /**
   * Pickup requests only (null otherwise): whom the counter may hand the mail to. Without an authorized
   * individual on file the one-time passcode is required (spec 6); after too many wrong passcodes no passcode
   * works until the customer issues a new one.
   */
  pickup: { authorizedIndividualName: string | null; passcodeLocked: boolean } | null;
  note: string | null;
  /** Seconds since the request was made (the queue's age column). */
  ageSeconds: number;
  events: MailRequestEventDto[];
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}

/**
 * One way to forward the parcel (GET mail-items/{id}/forward-rates): a carrier's service rated live (`live`), or,
 * where no rate can be had, the fixed formula (`formula`, no carrier or delivery date). `priceCents` is postage plus
 * handling and consolidation; signature and insurance are added when chosen. Book it with its rateId before
 * `expiresAt`: the price booked is this price.
 */
export interface ForwardRate {
  rateId: string;
  kind: 'live' | 'formula';
  carrier: string | null;
  service: string | null;
  transitDays: number | null;
  expectedDeliveryDate: string | null;
  postageCents: number;
  handlingCents: number;
  consolidationCents: number;
  priceCents: number;
  /** A signature on delivery with this service, priced by the same rating. */
  signatureCents: number;
  /** The insurance of the declared value (the same on every rate). */
  insuranceCents: number;
}

export interface ForwardRates {
  /** The one parcel the items make (null when an item has no measured weight). */
  parcel: ForwardParcel | null;
  itemIds: string[];
  declaredValueCents: number;
  /** Live carrier rates were had; false: the fixed formula only, with the reason. */
  live: boolean;
  fallbackReason: string | null;
  expiresAt: string;
  rates: ForwardRate[];
}

/** The outbound parcel of a forward whose label was bought: its carrier tracking as the item shows it. */
export interface ForwardTracking {
  shipmentId: string;
  carrier: string;
  service: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  status: string;
  events: { at: string | null; description: string; city: string | null }[];
}

/** POST mail-items/{id}/requests: the request, plus the pickup passcode (shown once; also e-mailed). */
export interface CreatedMailRequest {
  request: MailRequest;
  passcode: string | null;
}

export interface Notification {
  id: string;
  kind:
    | 'new_mail'
    | 'scan_ready'
    | 'request_completed'
    | 'quote_changed'
    | 'fees_soon'
    | 'shipment_update'
    | 'pickup_locked'
    | 'invoice_due';
  title: string;
  body: string;
  link: string | null;
  mailItemId: string | null;
  readAt: string | null;
  createdAt: string;
}

/** The data of a `notification` event of GET notifications/stream. */
export interface PushedNotification {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
}

/** GET mailboxes/my: the customer's own box for the dashboard and profile (plan and renewal: subscriptions/my). */
export interface MyMailbox {
  id: string;
  pmb: string;
  pmbNumber: number;
  status: 'active' | 'cancelled' | 'closed';
  names: string[];
  /** Written the USPS way ("PMB 1003" or "#1003", never "PO Box"), for the copy button. */
  address: MailboxAddress;
  store: { id: string; name: string; phone: string; hours: string };
  scansRemaining: number;
  topupScans: number;
  /** Inbox items not acted on yet. */
  newItems: number;
  /** Items still at the store whose free storage ends within 5 days. */
  itemsAboutToIncurFees: number;
  feesAccruedCents: number;
}
