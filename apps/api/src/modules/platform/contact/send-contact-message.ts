import type { ContactInput } from '@postwise/shared/schemas/public';
import type { FastifyInstance } from 'fastify';
import { contactMessages } from '../schema/contact';
import { contactMessageEmail } from '../../../integrations/mailer/templates';

/**
 * Keeps the message, then e-mails it to support (reply-to the sender). The stored row is the record: if the
 * e-mail cannot be sent the visitor still succeeds and support finds the message among the unhandled ones.
 */
export async function sendContactMessage(app: FastifyInstance, input: ContactInput, ip: string): Promise<void> {
  await app.db.insert(contactMessages).values({ ...input, ip });
  try {
    await app.mailer.send(contactMessageEmail(app.config.mail.supportEmail, input));
  } catch (err) {
    app.log.error({ err }, 'contact message stored but the support e-mail failed');
  }
}
