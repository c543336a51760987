import { eq } from 'drizzle-orm';
import { mailboxes } from '../schema/mailboxes';
import { users } from '../../identity';
import { DEMO_FORWARD_ADDRESS } from '../../../demo/mail';
import { signedInCaller } from '../../../test/signed-in';
import type { TestApp } from '../../../test/test-app';
export { PDF, PNG } from '../../../test/images';
import { type FormFile, multipartForm } from '../../../test/multipart-form';

/** The demo accounts the mail tests act as. */
export const SUPER = 'superadmin@example.com';
export const SUB = 'subadmin@example.com';
export const USER = 'user@example.com';
export const OTHER = 'mailbox@example.com';
export const AVA = 'ava.nguyen@example.com';

/** A forwarding address in the United States: the demo holder's own. */
export const FORWARD_ADDRESS = DEMO_FORWARD_ADDRESS;

/** A multipart/form-data body as a browser's FormData sends it: text fields, then files in `media`. */
export const multipart = (fields: Record<string, string>, files: FormFile[] = []) =>
  multipartForm(fields, files, { fileField: 'media', boundary: '----postwise-mail-boundary' });

export function mailKit(t: TestApp) {
  const { token, as, forget } = signedInCaller(t);
  async function mailboxOf(email: string): Promise<string> {
    const [row] = await t.database.db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .innerJoin(users, eq(users.id, mailboxes.userId))
      .where(eq(users.email, email));
    if (!row) throw new Error(`no mailbox for ${email}`);
    return row.id;
  }
  /** Receives one item as `operator` and answers the created item. */
  async function receive(operator: string, boxId: string, fields: Record<string, string>, files: FormFile[] = []) {
    const form = multipart(fields, files);
    const res = await as(operator, 'POST', `mailboxes/${boxId}/labels`, form.payload, form.headers);
    return res;
  }
  /** Moves the app clock; sessions expire on the way, so the next call signs in again. */
  function advance(ms: number) {
    t.clock.advance(ms);
    forget();
  }
  return { token, as, mailboxOf, receive, advance };
}
