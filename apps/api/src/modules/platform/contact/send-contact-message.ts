import type { ContactInput } from '@postwise/shared/schemas/public';
import type { FastifyInstance } from 'fastify';
import { contactMessages } from '../schema/contact';
import { contactMessageEmail } from '../../../integrations/mailer/templates';

/**
 * Keeps the message and queues its e-mail to support (reply-to the sender) in one transaction: the stored row is
 * the record, and the job queue delivers the e-mail however long SMTP is away.
 */
export async function sendContactMessage(app: FastifyInstance, input: ContactInput, ip: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, ip })
      .returning({ id: contactMessages.id });
    await app.emails.send(contactMessageEmail(app.config.mail.supportEmail, input), {
      db: tx,
      key: `contact:${row!.id}`,
    });
  });
}
