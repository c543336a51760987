import { LINK_TTL_MINUTES, OTP_TTL_MINUTES } from '@postwise/shared/schemas/accounts';
import type { AppConfig } from '../../../config';
import type { MailMessage } from '../../../integrations/mailer/mailer';
import { passwordResetCodeEmail, verificationCodeEmail } from '../../../integrations/mailer/templates';
import type { OneTimeCodePurpose } from '../schema/one-time-codes';
import type { IssuedCode } from './one-time-codes';

/** The web route that reads an e-mailed link's token and exchanges it (POST auths/verify-link). */
export function codeLinkUrl(config: Pick<AppConfig, 'publicUrl'>, linkToken: string): string {
  return `${config.publicUrl}/verify?linkToken=${encodeURIComponent(linkToken)}`;
}

/** The e-mail of a freshly issued code: the 4 digits and the one-click link with its token. */
export function codeEmail(
  config: Pick<AppConfig, 'publicUrl'>,
  to: string,
  purpose: OneTimeCodePurpose,
  issued: IssuedCode,
): MailMessage {
  const template = purpose === 'forgot' ? passwordResetCodeEmail : verificationCodeEmail;
  return template(to, {
    code: issued.code,
    minutesValid: OTP_TTL_MINUTES,
    linkUrl: codeLinkUrl(config, issued.linkToken),
    linkMinutesValid: LINK_TTL_MINUTES,
  });
}
