/** "MM/YY" for a card's expiry. The brand's name comes from cardBrand() in lib/format. */
export function expiryText(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;
}
