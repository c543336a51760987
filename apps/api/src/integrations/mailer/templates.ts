import { PRODUCT_NAME } from '@postwise/shared/constants';
import type { MailMessage } from './mailer';

/**
 * The product's e-mails: each returns subject, HTML and text. The HTML is a single centred card
 * with inline styles (mail clients ignore stylesheets); every dynamic value is escaped.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

interface Layout {
  to: string;
  subject: string;
  preheader: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footnote?: string;
}

function render(l: Layout): MailMessage {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(t)}</p>`;
  const code = l.code
    ? `<p style="margin:8px 0 24px;font-size:32px;letter-spacing:12px;font-weight:700;color:#1e1b4b;text-align:center">${escapeHtml(l.code)}</p>`
    : '';
  const action = l.action
    ? `<p style="margin:8px 0 24px;text-align:center"><a href="${escapeHtml(l.action.url)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:8px">${escapeHtml(l.action.label)}</a></p>`
    : '';
  const foot = l.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(l.footnote)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(l.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#1e1b4b">${escapeHtml(PRODUCT_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#0f172a">${escapeHtml(l.heading)}</h1>
${l.paragraphs.map(p).join('\n')}
${code}${action}${foot}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#94a3b8">${escapeHtml(PRODUCT_NAME)} · Private mailbox and discounted shipping · Los Angeles, California</p>
</td></tr></table></body></html>`;
  const text = [
    l.heading,
    '',
    ...l.paragraphs.flatMap((t) => [t, '']),
    ...(l.code ? [`Your code: ${l.code}`, ''] : []),
    ...(l.action ? [`${l.action.label}: ${l.action.url}`, ''] : []),
    ...(l.footnote ? [l.footnote, ''] : []),
    `${PRODUCT_NAME} · Private mailbox and discounted shipping · Los Angeles, California`,
  ].join('\n');
  return { to: l.to, subject: l.subject, html, text };
}

/** What a code e-mail carries: the 4 digits, and the one-click link that proves the same mailbox without them. */
export interface CodeMail {
  code: string;
  minutesValid: number;
  linkUrl: string;
  linkMinutesValid: number;
}

export function verificationCodeEmail(to: string, mail: CodeMail): MailMessage {
  return render({
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${mail.code}`,
    preheader: `Use ${mail.code} to verify your e-mail address, or open the link.`,
    heading: 'Verify your e-mail address',
    paragraphs: [
      'Enter this code on the verification screen to continue setting up your account, or open the link below.',
    ],
    code: mail.code,
    action: { label: 'Verify my e-mail', url: mail.linkUrl },
    footnote: `The code works for ${mail.minutesValid} minutes and the link for ${mail.linkMinutesValid}. If you did not sign up, you can ignore this e-mail.`,
  });
}

export function passwordResetCodeEmail(to: string, mail: CodeMail): MailMessage {
  return render({
    to,
    subject: `Your ${PRODUCT_NAME} password reset code: ${mail.code}`,
    preheader: `Use ${mail.code} to reset your password, or open the link.`,
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. Enter this code to choose a new one, or open the link below.',
    ],
    code: mail.code,
    action: { label: 'Choose a new password', url: mail.linkUrl },
    footnote: `The code works for ${mail.minutesValid} minutes and the link for ${mail.linkMinutesValid}. If it was not you, ignore this e-mail: your password stays as it is.`,
  });
}

/**
 * Sent once per guessing episode: many wrong codes were typed for this account. From now on a code works only
 * together with the link of its own e-mail, so the owner recovers with the link and nobody else can guess in.
 */
export function codeGuessingAlertEmail(
  to: string,
  input: { purpose: 'register' | 'forgot'; failures: number; forgotUrl: string },
): MailMessage {
  return render({
    to,
    subject: `Someone is guessing codes for your ${PRODUCT_NAME} account`,
    preheader: 'Your account is safe: codes now work only with the link in their e-mail.',
    heading: 'Wrong codes are being tried on your account',
    paragraphs: [
      `${input.failures} wrong ${input.purpose === 'forgot' ? 'password reset' : 'verification'} codes were entered for this e-mail address within a day. Your password was not changed.`,
      'To keep your account safe, a code now works only together with the link in the same e-mail. If you are resetting your password or verifying your e-mail yourself, open the link in the newest e-mail we sent you.',
      `If it was not you, you do not need to do anything. To be safe, you can choose a new password at ${input.forgotUrl}.`,
    ],
    action: { label: 'Reset my password', url: input.forgotUrl },
  });
}

export function welcomeEmail(to: string, name: string, loginUrl: string): MailMessage {
  return render({
    to,
    subject: `Welcome to ${PRODUCT_NAME}`,
    preheader: 'Your e-mail address is verified.',
    heading: `Welcome${name ? `, ${name}` : ''}!`,
    paragraphs: [
      'Your e-mail address is verified. You can ship parcels at 70% or more off carrier postage, and with a virtual mailbox you get a real Los Angeles street address with scans of your mail and packages.',
    ],
    action: { label: 'Sign in', url: loginUrl },
  });
}

export function mailboxApplicationReceivedEmail(to: string, name: string): MailMessage {
  return render({
    to,
    subject: 'We received your mailbox application',
    preheader: 'Your USPS Form 1583 documents are being reviewed.',
    heading: 'Thank you for applying for a mailbox',
    paragraphs: [
      `${name ? `${name}, we` : 'We'} received your mailbox application and the IDs for USPS Form 1583.`,
      'Our team reviews them, usually within one business day. We will e-mail you as soon as your mailbox is active or if we need anything else.',
    ],
  });
}

export function invitationEmail(to: string, inviterName: string, registerUrl: string): MailMessage {
  return render({
    to,
    subject: `${inviterName} invited you to ${PRODUCT_NAME}`,
    preheader: 'Finish creating your account.',
    heading: 'You are invited',
    paragraphs: [`${inviterName} created an account for you. Finish your registration to start using it.`],
    action: { label: 'Finish registration', url: registerUrl },
  });
}

/**
 * Someone registered with an e-mail that already has an account: the account is left as it is and
 * its owner hears about it, instead of the form saying "already exists" to whoever typed the address.
 */
export function existingAccountEmail(
  to: string,
  links: { loginUrl: string; forgotUrl: string },
  invited: boolean,
): MailMessage {
  return render({
    to,
    subject: `Someone tried to sign up to ${PRODUCT_NAME} with your e-mail`,
    preheader: 'Your account was not changed.',
    heading: 'You already have an account',
    paragraphs: [
      `Someone, hopefully you, just tried to create a ${PRODUCT_NAME} account with this e-mail address. Your account was not changed.`,
      invited
        ? 'Your administrator already created an account for you: finish it with the link in their invitation e-mail, or ask them to invite you again.'
        : `If it was you, sign in at ${links.loginUrl}, or set a new password at ${links.forgotUrl}.`,
    ],
    ...(invited ? {} : { action: { label: 'Sign in', url: links.loginUrl } }),
    footnote: 'If it was not you, you can ignore this e-mail.',
  });
}

export function contactMessageEmail(to: string, from: { name: string; email: string; message: string }): MailMessage {
  const m = render({
    to,
    subject: `Contact form: ${from.name}`,
    preheader: from.message.slice(0, 80),
    heading: 'New message from the contact form',
    paragraphs: [`From: ${from.name} <${from.email}>`, from.message],
  });
  return { ...m, replyTo: from.email };
}

export function paymentFailedEmail(
  to: string,
  input: { name: string; planName: string; amount: string; reason: string; invoicesUrl: string },
): MailMessage {
  return render({
    to,
    subject: 'Your subscription payment failed',
    preheader: `We could not charge ${input.amount} for ${input.planName}.`,
    heading: 'We could not renew your subscription',
    paragraphs: [
      `${input.name ? `${input.name}, we` : 'We'} tried to charge ${input.amount} for ${input.planName} and the payment failed: ${input.reason}`,
      'Your subscription is past due. Update your card and pay the open invoice, or resume the subscription, to keep your mailbox. A late fee applies for every week the invoice stays unpaid and a reinstatement fee after 15 days.',
    ],
    action: { label: 'Pay the open invoice', url: input.invoicesUrl },
  });
}

export function mailboxApprovedEmail(to: string, name: string, address: string, loginUrl: string): MailMessage {
  return render({
    to,
    subject: 'Your mailbox is active',
    preheader: `Your mailbox address: ${address}`,
    heading: 'Your mailbox is ready',
    paragraphs: [
      `${name ? `${name}, your` : 'Your'} mailbox application is approved. Mail and packages sent to this address now arrive in your inbox:`,
      address,
      'Use the full address, including the PMB number, so every item reaches you.',
    ],
    action: { label: 'Open your inbox', url: loginUrl },
  });
}

export function mailboxRejectedEmail(to: string, name: string, reason: string, loginUrl: string): MailMessage {
  return render({
    to,
    subject: 'Your mailbox application needs new documents',
    preheader: 'Please upload your IDs again.',
    heading: 'We could not approve your mailbox application yet',
    paragraphs: [
      `${name ? `${name}, we` : 'We'} reviewed the IDs you sent for USPS Form 1583 and could not accept them:`,
      reason,
      'Sign in to upload new documents; we review them again as soon as they arrive.',
    ],
    action: { label: 'Upload new documents', url: loginUrl },
  });
}

/** Tracking: out for delivery, delivered or a delivery exception. */
export function shipmentStatusEmail(
  to: string,
  input: { uniqueId: string; statusLabel: string; receiverName: string; detail: string | null; trackUrl: string },
): MailMessage {
  return render({
    to,
    subject: `Shipment ${input.uniqueId}: ${input.statusLabel}`,
    preheader: `Your shipment to ${input.receiverName} is ${input.statusLabel.toLowerCase()}.`,
    heading: `${input.statusLabel}: ${input.uniqueId}`,
    paragraphs: [
      `Your shipment to ${input.receiverName} is ${input.statusLabel.toLowerCase()}.`,
      ...(input.detail ? [`Latest scan: ${input.detail}`] : []),
    ],
    action: { label: 'Track the shipment', url: input.trackUrl },
  });
}

/**
 * Mailbox notifications: new mail, scan ready, request completed, quote changed, fees start soon,
 * pickup passcode. The same words as the in-app notification, plus a link to the item.
 */
export function mailNotificationEmail(
  to: string,
  input: {
    subject: string;
    heading: string;
    paragraphs: string[];
    code?: string;
    actionLabel: string;
    actionUrl: string;
  },
): MailMessage {
  return render({
    to,
    subject: input.subject,
    preheader: input.paragraphs[0] ?? input.heading,
    heading: input.heading,
    paragraphs: input.paragraphs,
    ...(input.code ? { code: input.code } : {}),
    action: { label: input.actionLabel, url: input.actionUrl },
  });
}

/** Sent once when a customer closes their account: what happens now and every invoice still due. */
export function accountClosedEmail(
  to: string,
  input: {
    name: string;
    invoicesDue: { number: string; amount: string; dueOn: string | null }[];
    supportEmail: string;
  },
): MailMessage {
  const owed = input.invoicesDue.map((i) => `Invoice ${i.number}: ${i.amount}${i.dueOn ? `, due ${i.dueOn}` : ''}`);
  return render({
    to,
    subject: 'Your Postwise account is closed',
    preheader: input.invoicesDue.length
      ? `${input.invoicesDue.length} final ${input.invoicesDue.length === 1 ? 'invoice is' : 'invoices are'} still due.`
      : 'Nothing is left to pay.',
    heading: 'Your account is closed',
    paragraphs: [
      `${input.name ? `${input.name}, your` : 'Your'} account is closed and your subscription will not renew. Mail that arrives for you over the next 6 months is returned to sender.`,
      ...(owed.length
        ? [
            'These final invoices are still due. Pay them by replying to this e-mail or writing to ' +
              input.supportEmail +
              ':',
            ...owed,
          ]
        : ['Nothing is left to pay.']),
    ],
  });
}

/** Sent once per paid purchase invoice (a plan bought now, or the first charge taken when an application is approved). */
export function purchaseReceiptEmail(
  to: string,
  input: {
    name: string;
    invoiceNumber: string;
    planName: string;
    amount: string;
    paidOn: string;
    renewsOn: string | null;
    cardLabel: string | null;
    invoicesUrl: string;
    pdf: Buffer;
  },
): MailMessage {
  const m = render({
    to,
    subject: `Your receipt for ${input.planName} (${input.invoiceNumber})`,
    preheader: `${input.amount} paid on ${input.paidOn}.`,
    heading: 'Thank you — payment received',
    paragraphs: [
      `${input.name ? `${input.name}, we` : 'We'} received ${input.amount} for ${input.planName} on ${input.paidOn}${input.cardLabel ? `, charged to ${input.cardLabel}` : ''}.`,
      input.renewsOn
        ? `Your plan renews on ${input.renewsOn} at the same price unless you cancel before then.`
        : 'This purchase does not renew.',
      `Invoice ${input.invoiceNumber} is attached as a PDF and is always in Invoices & Billing.`,
    ],
    action: { label: 'Open Invoices & Billing', url: input.invoicesUrl },
  });
  return {
    ...m,
    attachments: [
      { filename: `invoice-${input.invoiceNumber}.pdf`, contentType: 'application/pdf', content: input.pdf },
    ],
  };
}

/** The plan chosen before approval could not be charged when the application was approved (decision 003). */
export function approvalChargeFailedEmail(
  to: string,
  input: { name: string; planName: string; amount: string; reason: string; buyUrl: string },
): MailMessage {
  return render({
    to,
    subject: 'Your mailbox is approved — the first payment did not go through',
    preheader: `We could not charge ${input.amount} for ${input.planName}.`,
    heading: 'Approved, but the payment failed',
    paragraphs: [
      `${input.name ? `${input.name}, your` : 'Your'} mailbox application is approved. We tried to charge ${input.amount} for ${input.planName} and the payment failed: ${input.reason}`,
      'Update your card and confirm the plan to start using your mailbox. Nothing has been charged.',
    ],
    action: { label: 'Update card and pay', url: input.buyUrl },
  });
}

export function webhookEndpointDisabledEmail(
  to: string,
  input: { name: string; url: string; failures: number; settingsUrl: string },
): MailMessage {
  return render({
    to,
    subject: 'A webhook endpoint was disabled',
    preheader: `${input.url} stopped receiving events.`,
    heading: 'We disabled one of your webhook endpoints',
    paragraphs: [
      `${input.name ? `${input.name}, we` : 'We'} could not deliver events to ${input.url}: ${input.failures} deliveries in a row failed, each after a day of retries.`,
      'No more events are sent to it. Fix the endpoint, then enable it again and redeliver what it missed from its delivery log.',
    ],
    action: { label: 'Open webhook settings', url: input.settingsUrl },
  });
}
