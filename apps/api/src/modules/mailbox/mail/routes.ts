import fastifyMultipart from '@fastify/multipart';
import {
  completeMailRequestSchema,
  createMailRequestSchema,
  labelListQuerySchema,
  mailboxListQuerySchema,
  mailItemListQuerySchema,
  mailRequestListQuerySchema,
  receiveMailSchema,
  mailRequestQuoteSchema,
  forwardRatesQuerySchema,
} from '@postwise/shared/schemas/mail';
import { MAX_UPLOAD_BYTES } from '@postwise/shared/schemas/public';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptUpload, checkUpload, IMAGE_TYPES } from '../../../integrations/storage/upload-check';
import type { StoredFile } from '../../../integrations/storage/file-storage';
import { failures, ok, pageSchema, successSchema } from '../../../lib/envelope';
import { fileAnswer, filePart, multipartBody } from '../../../lib/openapi';
import { forbidden, validationFailed } from '../../../lib/errors';
import { actorOf, getAuth, requireAudience } from '../../identity';
import { parseOrFail } from '../../platform';
import { idempotencyHeaders, useTimeZoneLookup } from '../../billing';
import { labelDownloadSchema, quoteContext } from '../../shipping';
import { buyForwardLabel, forwardLabelFile, forwardLabelPurpose, loadRequestWithTracking } from './forward-label';
import { getForwardRates } from './forward-rates';
import { createMailRequest, mailForwardPurpose } from './create-request';
import { issuerStoreLookup } from '../stores/issuer-stores';
import { userTimeZoneLookup } from '../stores/user-time-zone';
import { moveItem } from './folders';
import {
  readItemPhoto,
  readItemScan,
  readItemThumbnail,
  readSignedScanPreview,
  readSignedThumbnail,
} from './item-files';
import { listLabels, listMyMailItems } from './list-mail-items';
import { getMailbox, listMailboxes } from './list-mailboxes';
import { listMailRequests } from './list-requests';
import { mailContext } from './mail-context';
import {
  loadItemDto,
  loadLastRequestRef,
  loadOperatorMailbox,
  loadRecognisedText,
  loadVisibleItem,
  loadVisibleRequest,
} from './mail-records';
import {
  createdMailRequestSchema,
  forwardRatesSchema,
  intakeReadingSchema,
  mailboxDetailSchema,
  mailboxSummarySchema,
  mailItemSchema,
  mailRequestSchema,
  myMailboxSchema,
} from './mail-schemas';
import { getMyMailbox } from './my-mailbox';
import { reissuePasscode } from './pickup-passcode';
import { printLabel } from './print-label';
import { readIntakePhoto } from './read-intake-photo';
import { perUserRateLimit } from '../../../lib/rate-limit-keys';
import { type Photo, receiveMail } from './receive-mail';
import {
  approveQuote,
  cancelRequest,
  completeRequest,
  mailQuotePurpose,
  quoteRequest,
  startRequest,
} from './request-actions';
import { MAIL_PHOTO_THUMBNAIL_WIDTHS } from '@postwise/shared/mail';
import { formParts } from '../../../lib/multipart';
import { mailRulesRoutes } from '../rules/routes';

const security = [{ accessToken: [] }];
const operators = requireAudience('mailbox.admin');
const customers = requireAudience('mail.own');
const anyone = requireAudience('mail.access');
const idParams = z.object({ id: z.uuid('Id is invalid.') });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const MAX_PHOTOS = 2;
const photoParams = idParams.extend({
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_PHOTOS - 1),
});
const THUMBNAIL_LINK_EXPIRED = 'This photo link has expired. Reload the page to see the photo.';
const SCAN_PREVIEW_LINK_EXPIRED = 'This preview link has expired. Reload the page to see the scan.';

function paramId(request: FastifyRequest): string | undefined {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/** preValidation: the caller may see this item/request/mailbox before the body is read (never a 422 to an outsider). */
async function visibleItemParam(request: FastifyRequest) {
  const id = paramId(request);
  if (id) await loadVisibleItem(request.server.db, actorOf(request), id);
}
async function visibleRequestParam(request: FastifyRequest) {
  const id = paramId(request);
  if (id) await loadVisibleRequest(request.server.db, actorOf(request), id);
}
async function operatorMailboxParam(request: FastifyRequest) {
  const id = paramId(request);
  if (id) await loadOperatorMailbox(request.server.db, actorOf(request), id);
}

function tooLarge(field: string) {
  const msg = `File must be ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))} MB or smaller`;
  return validationFailed(msg, { [field]: msg });
}

/** Reads a multipart form: text fields plus the files of `media` (in order). */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; media: Buffer[] }> {
  const fields: Record<string, string> = {};
  const media: Buffer[] = [];
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.fieldname === 'media' && body.length > 0) media.push(body);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('media');
    if (code === 'FST_FILES_LIMIT') {
      const msg = `Attach ${MAX_PHOTOS} photos at most`;
      throw validationFailed(msg, { media: msg });
    }
    throw err;
  }
  return { fields, media };
}

function sendFile(reply: FastifyReply, file: StoredFile, name: string, cacheControl = 'private, no-store') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', cacheControl)
    .send(file.body);
}

/**
 * A thumbnail never changes (the photo it is made from does not), and it is someone's mail: kept by their
 * browser only, never by a shared cache, for a day.
 */
const THUMBNAIL_CACHE = 'private, max-age=86400';

const thumbnailWidth = z.coerce
  .number()
  .int()
  .refine((w) => (MAIL_PHOTO_THUMBNAIL_WIDTHS as readonly number[]).includes(w), {
    message: `Width must be one of ${MAIL_PHOTO_THUMBNAIL_WIDTHS.join(', ')}`,
  });

/**
 * Mailbox operations. Audiences come from the shared capability table: operators ('mailbox.admin': the
 * super admin every store, a sub-admin their own stores), customers ('mail.own': their own box), and item and
 * request reads for both ('mail.access'), each within the mail module's tenancy rule (mail-records.ts).
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // Paid forwards and quote approvals are purposes of the ledger: recovery finishes them through the same registry.
  app.purposes.register(mailForwardPurpose);
  app.purposes.register(mailQuotePurpose);
  app.purposes.register(
    forwardLabelPurpose({ carriers: app.carriers, storage: app.storage, notify: mailContext(app) }),
  );
  const forwardContext = () => ({ ...mailContext(app), quote: quoteContext(app), carriers: app.carriers });
  // Invoices are issued from a store: the platform's, or the reseller's for their customers.
  app.issuers.useStores(issuerStoreLookup);
  // Renewal days and payout months count on the user's store calendar.
  useTimeZoneLookup(userTimeZoneLookup);
  await app.register(mailRulesRoutes);
  // Encapsulated: only these routes take multipart (envelope photos, contents scans).
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: MAX_PHOTOS,
      fields: 20,
      fieldSize: 10_000,
      parts: 24,
      headerPairs: 100,
    },
  });

  app.get(
    '/mailboxes',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'Mailboxes of the operator’s stores: search by PMB number or name, filter by store and status',
        security,
        querystring: mailboxListQuerySchema,
        response: { 200: pageSchema(mailboxSummarySchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listMailboxes(app.db, actorOf(request), request.query, app.config.now()),
  );

  app.get(
    '/mailboxes/my',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'My mailbox: the USPS address, scans left, new items and items about to incur fees',
        security,
        response: { 200: successSchema(myMailboxSchema), ...failures(401, 403, 404) },
      },
    },
    async (request) => ok(await getMyMailbox(app.db, getAuth(request).user.id, app.config.now())),
  );

  app.get(
    '/mailboxes/:id',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'One mailbox with its address, items on hand, fees and remembered senders',
        security,
        params: idParams,
        response: { 200: successSchema(mailboxDetailSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await getMailbox(app.db, actorOf(request), request.params.id, app.config.now())),
  );

  app.get(
    '/mailboxes/:id/labels',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'The items ("labels") of one mailbox, newest first, with status, fees and open request',
        security,
        params: idParams,
        querystring: labelListQuerySchema,
        response: { 200: pageSchema(mailItemSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) =>
      listLabels(app.db, actorOf(request), request.params.id, request.query, app.config.now(), app.photoLinks),
  );

  app.post(
    '/mailboxes/:id/labels',
    {
      onRequest: [operators],
      preValidation: [operatorMailboxParam],
      schema: {
        tags: ['mail'],
        summary: 'Receive mail: log one item for this mailbox (multipart; envelope/label photos in `media`)',
        description:
          'Fields: kind (letter, large_envelope, package, pallet), sender, carrier, trackingNumber, weightLb, ' +
          'lengthIn, widthIn, heightIn, message; up to 2 images in `media` (front, back), checked by content. ' +
          '409 MAILBOX_NOT_RECEIVING with the reason for a closed or cancelled box or one whose Form 1583 ' +
          'application is not approved: return the mail to sender.',
        security,
        documentedBody: multipartBody({
          ...receiveMailSchema.shape,
          media: z
            .array(filePart('A photo: image, checked by content'))
            .max(MAX_PHOTOS)
            .optional()
            .meta({
              description: `Up to ${MAX_PHOTOS} photos: front, then back`,
            }),
        }),
        params: idParams,
        // One key per entry of the receive-mail dialog: a retry answers the item the first attempt saved.
        headers: idempotencyHeaders,
        response: { 200: successSchema(mailItemSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        const msg = 'Send the item as multipart/form-data';
        throw validationFailed(msg, { body: msg });
      }
      const { fields, media } = await readForm(request);
      const input = parseOrFail(receiveMailSchema, fields);
      const photos: Photo[] = [];
      for (const body of media) {
        photos.push(await acceptUpload('media', body, { accept: IMAGE_TYPES, label: 'Photo' }));
      }
      return ok(
        await receiveMail(
          mailContext(app),
          actorOf(request),
          request.params.id,
          input,
          photos,
          request.headers['idempotency-key'],
        ),
      );
    },
  );

  app.post(
    '/mail-intake/read',
    {
      onRequest: [operators],
      // Reading a photo keeps a core busy for about a second.
      config: { rateLimit: perUserRateLimit(30, '1 minute') },
      schema: {
        tags: ['mail'],
        summary: 'Read the photo of an envelope or label: the PMB number, its box in your stores and the sender',
        description:
          'Multipart with one image in `media`. Answers the text read, the PMB number and the box it names among ' +
          'the boxes of your stores (with its status: active, cancelled — hold USPS mail — or closed — return to ' +
          'sender), and the sender (`senderKnown` when the box received from it before). Nothing is stored: ' +
          'confirm in POST mailboxes/{id}/labels.',
        security,
        documentedBody: multipartBody({ media: filePart('The photo: image, checked by content') }),
        response: { 200: successSchema(intakeReadingSchema), ...failures(401, 403, 422, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        const msg = 'Send the photo as multipart/form-data';
        throw validationFailed(msg, { media: msg });
      }
      const { media } = await readForm(request);
      const photo = media[0];
      if (!photo) {
        const msg = 'Attach a photo of the envelope or label';
        throw validationFailed(msg, { media: msg });
      }
      await checkUpload('media', photo, { accept: IMAGE_TYPES, label: 'Photo' });
      return ok(await readIntakePhoto(app.db, app.textRecognizer, actorOf(request), photo, app.config.now()));
    },
  );

  app.get(
    '/mail-items/:id/label',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'Printable internal label: PMB and item number as a Code 128 barcode (PDF 4×2 in, or PNG)',
        security,
        params: idParams,
        querystring: z.object({ format: z.enum(['pdf', 'png']).default('pdf') }),
        response: {
          200: fileAnswer('The label: PDF (4×2 in) or PNG', ['application/pdf', 'image/png']),
          ...failures(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const file = await printLabel(mailContext(app), actorOf(request), request.params.id, request.query.format);
      return sendFile(reply, file, `label-${request.params.id}.${request.query.format}`);
    },
  );

  app.get(
    '/mail-items',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'The customer’s inbox, archive or trash, with free days left and fee accrued so far per item',
        description:
          '`search` finds items whose sender starts with it, or whose scan or envelope holds its words (English ' +
          'stemming; "quoted phrases", -excluded words); a match in the read text comes with `searchMatch`.',
        security,
        querystring: mailItemListQuerySchema,
        response: { 200: pageSchema(mailItemSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listMyMailItems(app.db, actorOf(request), request.query, app.config.now(), app.photoLinks),
  );

  app.get(
    '/mail-items/:id',
    {
      onRequest: [anyone],
      schema: {
        tags: ['mail'],
        summary: 'One mail item (the box holder, or an operator of its store)',
        security,
        params: idParams,
        response: { 200: successSchema(mailItemSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => {
      await loadVisibleItem(app.db, actorOf(request), request.params.id);
      const item = await loadItemDto(app.db, request.params.id, app.config.now(), app.photoLinks);
      const [lastRequest, recognisedText] = await Promise.all([
        loadLastRequestRef(app.db, request.params.id),
        loadRecognisedText(app.db, request.params.id),
      ]);
      return ok({ ...item, lastRequest, recognisedText });
    },
  );

  app.get(
    '/mail-items/:id/photos/:index',
    {
      onRequest: [anyone],
      schema: {
        tags: ['mail'],
        summary: 'An envelope/label photo (the box holder, or an operator of its store)',
        description:
          'The original as uploaded; with `width`, a WebP thumbnail that wide (never wider than the original), ' +
          'made once and kept.',
        security,
        params: photoParams,
        querystring: z.object({ width: thumbnailWidth.optional() }),
        response: {
          200: fileAnswer('The photo', ['image/jpeg', 'image/png', 'image/webp', 'image/gif']),
          ...failures(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const { width } = request.query;
      const ctx = mailContext(app);
      if (width === undefined) {
        return sendFile(reply, await readItemPhoto(ctx, actorOf(request), id, index), `photo-${index}`);
      }
      const file = await readItemThumbnail(ctx, actorOf(request), id, index, width);
      return sendFile(reply, file, `photo-${index}-${width}.webp`, THUMBNAIL_CACHE);
    },
  );

  app.get(
    '/mail-items/:id/photos/:index/thumbnail',
    {
      schema: {
        tags: ['mail'],
        summary: 'A WebP thumbnail of an envelope/label photo by its signed link (photoThumbnailUrls of the item)',
        description:
          'No session: the link itself (`expires`, `signature`) grants this one photo until it expires, so an ' +
          '<img srcset> can load it. 403 when the link is altered or expired (fetch the item again for a new one).',
        security: [],
        params: photoParams,
        querystring: z.object({
          width: thumbnailWidth,
          expires: z.coerce.number().int(),
          signature: z.string().max(100),
        }),
        response: {
          200: fileAnswer('The thumbnail', ['image/webp']),
          ...failures(403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const { width, expires, signature } = request.query;
      if (!app.photoLinks.verify(id, index, expires, signature)) throw forbidden(THUMBNAIL_LINK_EXPIRED);
      const file = await readSignedThumbnail(mailContext(app), id, index, width);
      return sendFile(reply, file, `photo-${index}-${width}.webp`, THUMBNAIL_CACHE);
    },
  );

  app.get(
    '/mail-items/:id/scan/preview',
    {
      schema: {
        tags: ['mail'],
        summary: "The first page of an item's contents scan as WebP, by its signed link (scanPreviewUrl of the item)",
        description:
          'No session: the link itself (`expires`, `signature`) grants this one preview until it expires, so an ' +
          '<img srcset> can load it. 403 when the link is altered or expired (fetch the item again for a new one).',
        security: [],
        params: idParams,
        querystring: z.object({
          width: thumbnailWidth,
          expires: z.coerce.number().int(),
          signature: z.string().max(100),
        }),
        response: {
          200: fileAnswer('The first page', ['image/webp']),
          ...failures(403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { width, expires, signature } = request.query;
      if (!app.photoLinks.verifyScanPreview(id, expires, signature)) throw forbidden(SCAN_PREVIEW_LINK_EXPIRED);
      const file = await readSignedScanPreview(mailContext(app), id, width);
      return sendFile(reply, file, `scan-${id}-page-1-${width}.webp`, THUMBNAIL_CACHE);
    },
  );

  app.get(
    '/mail-items/:id/scan',
    {
      onRequest: [anyone],
      schema: {
        tags: ['mail'],
        summary: 'The contents scan (PDF) of a scanned item (the box holder, or an operator of its store)',
        security,
        params: idParams,
        response: { 200: fileAnswer('The contents scan', ['application/pdf']), ...failures(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const file = await readItemScan(mailContext(app), actorOf(request), request.params.id);
      return sendFile(reply, file, `scan-${request.params.id}.pdf`);
    },
  );

  app.get(
    '/mail-items/:id/forward-rates',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Live forwarding rates for the parcel the item (and the items consolidated with it) makes',
        description:
          'Where to: a saved address (`addressId`) or the address written out (name, line1, line2, city, state, ' +
          'zipCode, country, phone). `itemIds`: the other items going in the same parcel, comma-separated (weights ' +
          'summed, a box that fits the largest sides). Each rate is the carrier’s service rated as shipments are, ' +
          'plus handling and consolidation, with a signature and the declared value’s insurance priced; book it ' +
          'with POST mail-items/{id}/requests {type: forward, rateId} before it expires. Where no rate can be had ' +
          '(no measured weight, no carrier answering) the fixed formula is answered (kind formula, live false, ' +
          'fallbackReason).',
        security,
        params: idParams,
        querystring: forwardRatesQuerySchema,
        response: { 200: successSchema(forwardRatesSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await getForwardRates(forwardContext(), actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/mail-items/:id/requests',
    {
      onRequest: [customers],
      preValidation: [visibleItemParam],
      schema: {
        tags: ['mail'],
        summary: 'Request an action on an item: scan, forward, pickup, shred or junk',
        description:
          'scan uses one scan (409 NO_SCANS_LEFT when none are left: offer a scan package). forward with a rateId ' +
          '(GET mail-items/{id}/forward-rates) is charged exactly that rate’s price, with signature and insurance ' +
          'when asked (422 when the rateId is not one offered to you for these items, or has expired); without ' +
          'one it is priced by the fixed formula ' +
          '(postage, handling, insurance by declared value, consolidation per item); either is paid at once with the ' +
          'default card; send an Idempotency-Key so a retry is charged once (409 NO_CUSTOMER_ID / ' +
          'NO_DEFAULT_PAYMENT_METHOD open the card dialog, 402 PAYMENT_FAILED). pickup answers a one-time passcode ' +
          '(also e-mailed). junk with alwaysForSender junks future mail from that sender on arrival.',
        security,
        headers: idempotencyHeaders,
        params: idParams,
        body: createMailRequestSchema,
        response: { 200: successSchema(createdMailRequestSchema), ...failures(401, 402, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      ok(
        await createMailRequest(
          mailContext(app),
          actorOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );

  for (const action of ['archive', 'trash', 'restore'] as const) {
    app.post(
      `/mail-items/:id/${action}`,
      {
        onRequest: [customers],
        schema: {
          tags: ['mail'],
          summary:
            action === 'archive'
              ? 'Move an item to the archive'
              : action === 'trash'
                ? 'Move an item to the trash (only after it was forwarded, picked up, shredded or recycled)'
                : 'Bring an archived or trashed item back to the inbox (until the trash is emptied after 30 days)',
          security,
          params: idParams,
          response: { 200: successSchema(mailItemSchema), ...failures(401, 403, 404, 409, 422) },
        },
      },
      async (request) => ok(await moveItem(mailContext(app), actorOf(request), request.params.id, action)),
    );
  }

  app.get(
    '/mail-requests',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'The request queue of the operator’s stores, oldest first (default: open requests)',
        security,
        querystring: mailRequestListQuerySchema,
        response: { 200: pageSchema(mailRequestSchema), ...failures(401, 403, 422) },
      },
    },
    async (request) => listMailRequests(app.db, actorOf(request), request.query, app.config.now()),
  );

  app.get(
    '/mail-requests/:id',
    {
      onRequest: [anyone],
      schema: {
        tags: ['mail'],
        summary: 'One request with its timeline (the customer who made it, or an operator of its store)',
        security,
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 422) },
      },
    },
    async (request) => ok(await loadRequestWithTracking(app.db, actorOf(request), request.params.id, app.config.now())),
  );

  app.post(
    '/mail-requests/:id/buy-label',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'Buy the outbound label of a forward in one click: tracking attached, the customer e-mailed',
        description:
          'Buys the booked carrier service (a formula-priced forward: the cheapest that fits) through the shipping ' +
          'purchase path, keeps the carrier’s label with a shipment (GET shipments/{shipmentId}/label prints it), ' +
          'completes the forward with its carrier and tracking, and e-mails the customer the tracking link. A second ' +
          'call answers the first label. 409 when no label can be bought (no measured weight, the service is not ' +
          'offered now): complete it by hand instead; 503 when the carrier fails.',
        security,
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => ok(await buyForwardLabel(forwardContext(), actorOf(request), request.params.id)),
  );

  app.get(
    '/mail-requests/:id/label',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'The outbound label of a forward, to print: the carrier’s 4×6 PDF, or ZPL for thermal printers',
        description: '404 until the label is bought (POST mail-requests/{id}/buy-label); 409 once it was voided.',
        security,
        params: idParams,
        ...labelDownloadSchema,
      },
    },
    async (request, reply) => {
      const file = await forwardLabelFile(forwardContext(), actorOf(request), request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/mail-requests/:id/cancel',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Cancel a request before the store starts it (a scan is given back, a payment credited)',
        security,
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await cancelRequest(mailContext(app), actorOf(request), request.params.id)),
  );

  app.post(
    '/mail-requests/:id/passcode',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Issue a new one-time passcode for an open pickup (shown once, also e-mailed)',
        description:
          'The old passcode stops working; a pickup locked after too many wrong passcodes (423 PICKUP_LOCKED at ' +
          'the counter) opens again.',
        security,
        params: idParams,
        response: { 200: successSchema(createdMailRequestSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await reissuePasscode(mailContext(app), actorOf(request), request.params.id)),
  );

  app.post(
    '/mail-requests/:id/start',
    {
      onRequest: [operators],
      schema: {
        tags: ['mail'],
        summary: 'The store starts the work (from now on the customer cannot cancel)',
        security,
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await startRequest(mailContext(app), actorOf(request), request.params.id)),
  );

  app.post(
    '/mail-requests/:id/quote',
    {
      onRequest: [operators],
      preValidation: [visibleRequestParam],
      schema: {
        tags: ['mail'],
        summary: 'Enter the actual postage and handling of a forward after packing',
        description:
          'Higher than paid: quote_pending until the customer approves (notified); lower: the difference is ' +
          'credited on the customer’s next mail invoice. Never billed silently.',
        security,
        params: idParams,
        body: mailRequestQuoteSchema,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 409, 422) },
      },
    },
    async (request) => ok(await quoteRequest(mailContext(app), actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/mail-requests/:id/approve-quote',
    {
      onRequest: [customers],
      schema: {
        tags: ['mail'],
        summary: 'Approve a higher forward quote and pay the difference with the default card',
        security,
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 402, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      ok(await approveQuote(mailContext(app), actorOf(request), request.params.id, request.headers['idempotency-key'])),
  );

  app.post(
    '/mail-requests/:id/complete',
    {
      onRequest: [operators],
      preValidation: [visibleRequestParam],
      schema: {
        tags: ['mail'],
        summary: 'Complete a request',
        description:
          'scan: multipart with the contents PDF in `media`; forward: JSON {carrier, trackingNumber}; shred: ' +
          '{confirmed: true}; pickup: {passcode} or {authorizedIndividualIdChecked: true} (spec 6: only the ' +
          'authorized individual may pick up without the passcode, so without one on file the passcode is ' +
          'required, 422); 5 wrong passcodes lock the pickup (423 PICKUP_LOCKED) until the customer issues a ' +
          'new one; junk: {}.',
        security,
        documentedBody: {
          'application/json': completeMailRequestSchema,
          ...multipartBody({
            note: z.string().optional(),
            media: filePart('The contents scan (PDF) of a scan request'),
          }),
        },
        params: idParams,
        response: { 200: successSchema(mailRequestSchema), ...failures(401, 403, 404, 409, 422, 423) },
      },
    },
    async (request) => {
      let fields: unknown = request.body ?? {};
      let pdf: Buffer | null = null;
      if (request.isMultipart()) {
        const form = await readForm(request);
        fields = form.fields;
        const file = form.media[0];
        if (file) {
          await checkUpload('media', file, { accept: ['application/pdf'], label: 'Scan' });
          pdf = file;
        }
      }
      const input = parseOrFail(completeMailRequestSchema, fields);
      return ok(await completeRequest(mailContext(app), actorOf(request), request.params.id, input, pdf));
    },
  );
};
