/** WinAnsi codes 0x80–0x9F that differ from Latin-1 (the ones labels use); Node's decoders read them as Latin-1. */
const WIN_ANSI: Record<number, string> = {
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function winAnsi(hex: string): string {
  return [...Buffer.from(hex, 'hex')].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');
}

/**
 * The text drawn on an uncompressed PDF made by pdfkit: its text operators carry hex strings of WinAnsi codes
 * (`[<48656c6c6f> 20 <...>] TJ`), one line of text per operator. Enough to check what a label says.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const op of source.matchAll(/\[((?:\s*<[0-9a-fA-F]*>\s*-?[\d.]*)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [op[2]!];
    lines.push(hexes.map(winAnsi).join(''));
  }
  return lines;
}
