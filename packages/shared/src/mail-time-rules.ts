/** Time rules of mailbox operations (spec 9 and the fee text). */
export const MAIL_RULES = {
  /** Package receipts per calendar month (UTC) included in the plan; each further one costs packageReceiving. */
  freePackageReceiptsPerMonth: 5,
  /** Letters and large envelopes are stored free this many days, then mailStorage per day. */
  mailFreeStorageDays: 30,
  /** Packages and pallets are stored free this many days, then packageStorage / palletStorage per day. */
  packageFreeStorageDays: 3,
  /** Overweight: 50 lb or more, or length + width + height of 50 inches or more. */
  overweightPounds: 50,
  oversizeInches: 50,
  /** The trash is emptied this many days after an item was moved there; restore works until then. */
  trashRetentionDays: 30,
  /** "Fees start in 5 days" notice. */
  feeWarningDays: 5,
  /** A cancelled mailbox holds USPS mail this long; after that mail is returned to sender. */
  cancelledHoldMonths: 6,
} as const;
