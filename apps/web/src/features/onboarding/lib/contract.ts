/** MM-dd-yyyy (spec 2.7: the contract date). */
export function formatContractDate(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}-${dd}-${date.getFullYear()}`;
}

/** The agreement, built from the contract terms of spec 9. */
export const CONTRACT_TERMS: readonly { title: string; text: string }[] = [
  {
    title: 'Your mailbox address',
    text: 'Your mailbox address is a street address in Los Angeles, California, followed by your private mailbox number written with a PMB or # designation.',
  },
  {
    title: 'Payment',
    text: 'Payment is due within 14 days of each invoice. After that, late fees and reinstatement fees apply.',
  },
  {
    title: 'Default and termination',
    text: 'If payment is in default for 14 days or more, we may terminate this agreement and stop receiving mail for you.',
  },
  {
    title: 'Who may receive mail',
    text: 'Mail is accepted for at most 3 persons per mailbox address; every person must be named on your USPS Form 1583.',
  },
  {
    title: 'Parcels',
    text: 'Parcels must be retrieved within 24 hours of our notice; storage fees apply after that.',
  },
  {
    title: 'Pickup frequency',
    text: 'Mail must be picked up, forwarded or otherwise handled at least once a month.',
  },
  {
    title: 'Liability',
    text: 'Our liability for any item received, held or forwarded is limited to $100.',
  },
  {
    title: 'Refunds',
    text: 'Fees are not prorated and are not refunded.',
  },
];

export const CALIFORNIA_ACKNOWLEDGEMENT =
  'California private mailbox acknowledgement: I understand that this mailbox is provided by a private business and is not a U.S. Postal Service post office box. Under California law (Business and Professions Code section 17538.5), an address at a private mailbox must be shown with the PMB or # designation, and the business may stop receiving mail for me when this agreement ends.';
