/** The card dialog's texts (spec 2.8, 5, 8). */
export const CARD_DIALOG_TEXT = {
  title: 'Enter Card Details',
  saved: 'Card saved successfully',
  saveFailed: 'Failed to save card',
  elementMissing: 'Card element not found',
  consent:
    'I authorise Postwise to charge this card for my subscription, its renewals and any fees on my account until I remove it.',
  defaultNote: 'This card becomes your default payment method.',
} as const;
