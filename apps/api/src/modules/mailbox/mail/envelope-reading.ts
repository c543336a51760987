/**
 * What an envelope or shipping label says, from its read text: the PMB number it is addressed to and who sent it.
 * Pure functions of the text, so each rule is tested on its own; the intake's "Read from photo" combines them with
 * the operator's boxes and the box's earlier senders (read-intake-photo.ts).
 */

/**
 * PMB numbers written on the address, in the order they appear: "PMB 1003", "P.M.B. 1003", "PMB #1003",
 * "#1003" (the two designations the USPS allows, pmbDesignation in @postwise/shared/mail). A bare number is never
 * taken (a street number or a ZIP code would look the same).
 */
export function pmbNumbersIn(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(/(?:\bP\.?\s?M\.?\s?B\.?|#)\s*#?\s*(\d{1,7})\b/gi)) {
    const n = Number(match[1]);
    if (n > 0 && !found.includes(n)) found.push(n);
  }
  return found;
}

/** Lines that are postage, service endorsements or barcodes, never a sender. */
const POSTAL_MARKS =
  /\b(postage|prsrt|presorted|first[- ]class|standard mail|permit|usps|u\.s\. mail|return service|address service|change service|electronic service|ecrwss|postal customer|current resident|or current|auto\b|mixed aadc|aadc|5-digit|\*\*\*)/i;
const CITY_STATE_ZIP = /\b[A-Z]{2}\.?\s+\d{5}(?:-\d{4})?\b/;
const STREET = /^\d+[\w-]*\s+\S+/;
const PO_BOX = /^(p\.?\s?o\.?\s+box|box)\s+\d/i;

function normalise(line: string): string {
  return line
    .replace(/[|_~=<>{}[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function letters(line: string): number {
  return (line.match(/[A-Za-z]/g) ?? []).length;
}

/**
 * The sender named on the envelope: a "From:" line when there is one; else, when the box's earlier senders are
 * known, the longest of them written on it (the surest reading); else the first line of the return address (top
 * left, read first) that is not the box holder's name, a street, a city line, the PMB or a postal mark.
 */
export function senderIn(
  text: string,
  options: { holderNames?: string[]; knownSenders?: string[] } = {},
): { sender: string; known: boolean } | null {
  const lowered = text.toLowerCase().replace(/\s+/g, ' ');
  const known = (options.knownSenders ?? [])
    .filter((s) => s.trim().length >= 3 && lowered.includes(s.trim().toLowerCase().replace(/\s+/g, ' ')))
    .sort((a, b) => b.length - a.length)[0];
  const lines = text.split('\n').map(normalise).filter(Boolean);
  for (const line of lines) {
    const from = /^(?:from|sender|return to)\s*[:-]?\s+(.{3,})$/i.exec(line);
    if (from?.[1] && letters(from[1]) >= 3) return { sender: from[1].trim(), known: false };
  }
  if (known) return { sender: known.trim(), known: true };
  const holders = (options.holderNames ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean);
  for (const line of lines) {
    const lower = line.toLowerCase();
    if (letters(line) < 3 || letters(line) < line.replace(/\s/g, '').length / 2) continue;
    if (POSTAL_MARKS.test(line) || CITY_STATE_ZIP.test(line) || STREET.test(line) || PO_BOX.test(line)) continue;
    if (pmbNumbersIn(line).length) continue;
    if (holders.some((h) => lower.includes(h))) continue;
    if (/^(to|attn|attention)\b/i.test(line)) continue;
    return { sender: line.slice(0, 200), known: false };
  }
  return null;
}
