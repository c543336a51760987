import { eq } from 'drizzle-orm';
import { mailboxes } from '../schema/mailboxes';
import { users } from '../../identity';
import { DEMO_FORWARD_ADDRESS } from '../../../demo/mail';
import { signedInCaller } from '../../../test/signed-in';
import type { TestApp } from '../../../test/test-app';
export { PDF, PNG } from '../../../test/images';

/** The demo accounts the mail tests act as. */
export const SUPER = 'superadmin@example.com';
export const SUB = 'subadmin@example.com';
export const USER = 'user@example.com';
export const OTHER = 'mailbox@example.com';
export const AVA = 'ava.nguyen@example.com';

/** A forwarding address in the United States: the demo holder's own. */
export const FORWARD_ADDRESS = DEMO_FORWARD_ADDRESS;

/** A multipart/form-data body as a browser's FormData sends it: text fields, then files in `media`. */
export function multipart(fields: Record<string, string>, files: { body: Buffer; name: string; type: string }[] = []) {
  const boundary = '----postwise-mail-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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
  async function receive(
    operator: string,
    boxId: string,
    fields: Record<string, string>,
    files: { body: Buffer; name: string; type: string }[] = [],
  ) {
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
