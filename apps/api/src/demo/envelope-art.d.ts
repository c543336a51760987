import type { MailItemKind } from '@postwise/shared/mail';
export interface EnvelopeArt {
    kind: MailItemKind;
    sender: string;
    senderLines: string[];
    recipientLines: string[];
    trackingNumber?: string | null;
    carrier?: string | null;
}
export declare function envelopePng(art: EnvelopeArt): Promise<Buffer>;
/** The opened contents of a scanned letter, as the store's scanner would produce it. */
export declare function contentsPdf(title: string, from: string, lines: string[]): Promise<Buffer>;
