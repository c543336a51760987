import type { IntakeReading, MailboxSummary } from '@postwise/shared/mail-api';
import { pmbDesignation } from '@postwise/shared/mail';
import type { Db } from '../../../db/client';
import type { TextRecognizer } from '../../../integrations/ocr/text-recognition';
import type { Actor } from '../../identity';
import { boxSenders } from '../compliance/senders';
import { pmbNumbersIn, senderIn } from './envelope-reading';
import { listMailboxes } from './list-mailboxes';

/** How many of a box's earlier senders are compared with the envelope. */
const KNOWN_SENDERS = 200;

/**
 * The box a PMB number names among the operator's boxes: the only one, or, when several of their stores give that
 * number, the one whose store's ZIP code is written on the envelope too.
 */
function pickBox(boxes: MailboxSummary[], text: string): MailboxSummary | null {
  if (boxes.length <= 1) return boxes[0] ?? null;
  const flat = text.toLowerCase().replace(/\s+/g, ' ');
  const written = boxes.filter((b) => {
    const zip = /\b\d{5}\b/.exec(b.address.lines.at(-1) ?? '')?.[0];
    return zip !== undefined && flat.includes(zip);
  });
  return written.length === 1 ? written[0]! : null;
}

/**
 * POST mail-intake/read: reads the photo of an envelope or label at the counter and answers what it says — the PMB
 * number and the box it names among the boxes of the operator's stores (never another store's: the search is the
 * operator's own mailbox list), with the box's status for the colour the form shows, and the sender (one the box
 * has received from before when it is written there). Nothing is stored; the operator confirms in the form.
 */
export async function readIntakePhoto(
  db: Db,
  recognizer: TextRecognizer,
  me: Actor,
  photo: Buffer,
  now: Date,
): Promise<IntakeReading> {
  const text = await recognizer.recognizeImage(photo);
  let mailbox: MailboxSummary | null = null;
  let candidates: MailboxSummary[] = [];
  let pmbNumber: number | null = null;
  for (const n of pmbNumbersIn(text)) {
    const page = await listMailboxes(db, me, { search: String(n), pageNo: 1, pageSize: 10 }, now);
    if (page.items.length) {
      pmbNumber = n;
      candidates = page.items;
      mailbox = pickBox(page.items, text);
      break;
    }
    pmbNumber ??= n;
  }
  const knownSenders = mailbox
    ? (await boxSenders(db, mailbox.id, { pageNo: 1, pageSize: KNOWN_SENDERS })).items.map((s) => s.sender)
    : [];
  const holderNames = mailbox ? [mailbox.holder.fullName, ...mailbox.names] : [];
  const sender = senderIn(text, { holderNames, knownSenders });
  return {
    text,
    pmbNumber,
    pmb: mailbox?.pmb ?? (pmbNumber !== null ? pmbDesignation('PMB', pmbNumber) : null),
    mailbox,
    candidates: mailbox ? [] : candidates,
    sender: sender?.sender ?? null,
    senderKnown: sender?.known ?? false,
  };
}
