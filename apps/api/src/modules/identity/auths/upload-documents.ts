import { MAX_UPLOAD_BYTES } from '@postwise/shared/schemas/public';
import { ACCOUNT_MESSAGES } from '@postwise/shared/schemas/accounts';
import { UPLOAD_MESSAGES, uploadDocumentsSchema } from '@postwise/shared/schemas/onboarding';
import { hasMailbox } from '@postwise/shared/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentKind } from '../schema/documents';
import { users } from '../schema/users';
import { mailboxApplicationReceivedEmail } from '../../../integrations/mailer/templates';
import { acceptUpload } from '../../../integrations/storage/upload-check';
import { conflict, validationFailed } from '../../../lib/errors';
import { type IncomingDocument, putDocumentFiles, replacePendingDocuments } from '../documents/service';
import { setMailboxStatus } from '../profiles/service';
import { findUserById } from '../users/service';
import { revokeSession } from './sessions';
import { issuesToErrors } from './validation';
import { formParts } from '../../../lib/multipart';

/** The file fields of the upload form (spec 3), with the ID-type field each one belongs to. */
const FILE_FIELDS = {
  photoIdFile: { kind: 'photoId', typeField: 'photoId', label: 'Photo ID file' },
  addressIdFile: { kind: 'addressId', typeField: 'addressId', label: 'Address ID file' },
  authorizedPhotoIdFile: {
    kind: 'authorizedPhotoId',
    typeField: 'authorizedPhotoId',
    label: 'Authorized Photo ID file',
  },
  authorizedAddressIdFile: {
    kind: 'authorizedAddressId',
    typeField: 'authorizedAddressId',
    label: 'Authorized Address ID file',
  },
  courtOrderFile: { kind: 'courtOrder', typeField: null, label: 'Court Order file' },
} as const satisfies Record<string, { kind: DocumentKind; typeField: string | null; label: string }>;
type FileField = keyof typeof FILE_FIELDS;

export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: Object.keys(FILE_FIELDS).length,
  fields: 20,
  fieldSize: 4096,
} as const;

export interface ParsedUpload {
  fields: Record<string, string>;
  files: Partial<Record<FileField, { body: Buffer; name: string | null }>>;
}

const tooLarge = (field: string) => {
  const label = FILE_FIELDS[field as FileField]?.label ?? 'File';
  const message = `${label} must be ${Math.round(MAX_UPLOAD_BYTES / (1024 * 1024))} MB or smaller`;
  return validationFailed(message, { [field]: message });
};

/** Reads the multipart body (spec 7: dotted and indexed keys) with the size limits of the module's parser. */
export async function readDocumentParts(request: FastifyRequest): Promise<ParsedUpload> {
  const parsed: ParsedUpload = { fields: {}, files: {} };
  if (!request.isMultipart()) throw validationFailed('The documents must be sent as multipart/form-data.');
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      if (!(part.fieldname in FILE_FIELDS)) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      let body: Buffer;
      try {
        body = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.fieldname);
        throw err;
      }
      if (body.length === 0) continue; // an empty file input is no file
      parsed.files[part.fieldname as FileField] = { body, name: part.filename || null };
    } else if (typeof part.value === 'string') {
      parsed.fields[part.fieldname] = part.value;
    }
  }
  return parsed;
}

function truthy(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'on';
}

/**
 * POST auths/upload-documents (spec 2.7, 3, 5, 7). The ID types follow the spec 3 lists (address ID
 * different from photo ID); the authorized individual's IDs are required when one was added at account info,
 * the court order when the applicant is court-protected. Every file is checked by content (image or PDF,
 * 10 MB). The files replace earlier pending ones; the mailbox profile becomes 'pending' for review and the
 * applicant gets the 'application received' e-mail. Answers true.
 */
export async function uploadDocuments(
  app: FastifyInstance,
  applicant: { userId: string; sessionId: string },
  upload: ParsedUpload,
): Promise<true> {
  const { fields, files } = upload;
  const user = await findUserById(app.db, applicant.userId);
  if (!user || user.currentStep === null) throw conflict(ACCOUNT_MESSAGES.onboardingDone);
  if (!hasMailbox(user.accountType)) throw conflict(ACCOUNT_MESSAGES.mailboxOnlyStep);
  if (user.currentStep !== 'upload-documents' || !user.signature) throw conflict(ACCOUNT_MESSAGES.signFirst);

  const isAuthorized = user.authorizedIndividual !== null;
  const courtOrder = user.isCourtProtected || truthy(fields.courtOrder);
  const errors: Record<string, string> = {};
  const choice = uploadDocumentsSchema({ isAuthorized }).safeParse({
    userId: fields.userId,
    photoId: fields.photoId || undefined,
    addressId: fields.addressId || undefined,
    authorizedPhotoId: isAuthorized ? fields.authorizedPhotoId || undefined : undefined,
    authorizedAddressId: isAuthorized ? fields.authorizedAddressId || undefined : undefined,
  });
  const choiceErrors = choice.success ? {} : issuesToErrors(choice.error.issues);
  const required: [string, string][] = [
    ['photoId', UPLOAD_MESSAGES.photoId],
    ['photoIdFile', UPLOAD_MESSAGES.photoIdFile],
    ['addressId', UPLOAD_MESSAGES.addressId],
    ['addressIdFile', UPLOAD_MESSAGES.addressIdFile],
    ...(isAuthorized
      ? ([
          ['authorizedPhotoId', UPLOAD_MESSAGES.authorizedPhotoId],
          ['authorizedPhotoIdFile', UPLOAD_MESSAGES.authorizedPhotoIdFile],
          ['authorizedAddressId', UPLOAD_MESSAGES.authorizedAddressId],
          ['authorizedAddressIdFile', UPLOAD_MESSAGES.authorizedAddressIdFile],
        ] as [string, string][])
      : []),
    ...(courtOrder ? ([['courtOrderFile', UPLOAD_MESSAGES.courtOrderFile]] as [string, string][]) : []),
  ];
  // Spec 5's order: each ID choice, then its file.
  for (const [field, message] of required) {
    if (field.endsWith('File')) {
      if (!files[field as FileField]) errors[field] = message;
    } else if (choiceErrors[field]) {
      errors[field] = choiceErrors[field];
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw validationFailed(first, errors);

  const wanted = (Object.keys(FILE_FIELDS) as FileField[]).filter((field) => {
    if (field.startsWith('authorized')) return isAuthorized;
    if (field === 'courtOrderFile') return courtOrder;
    return true;
  });
  const incoming: IncomingDocument[] = [];
  for (const field of wanted) {
    const file = files[field];
    if (!file) continue;
    const meta = FILE_FIELDS[field];
    const accepted = await acceptUpload(field, file.body, { label: meta.label });
    incoming.push({
      kind: meta.kind,
      idType: meta.typeField ? (fields[meta.typeField] ?? null) : null,
      body: accepted.body,
      contentType: accepted.contentType,
      originalName: file.name,
    });
  }

  const now = app.config.now();
  const stored = await putDocumentFiles(app.storage, user.id, incoming);
  let replacedKeys: string[];
  try {
    replacedKeys = await app.db.transaction(async (tx) => {
      const replaced = await replacePendingDocuments(tx, user.id, stored.rows);
      await tx.update(users).set({ currentStep: null, updatedAt: now }).where(eq(users.id, user.id));
      await setMailboxStatus(tx, user.id, 'pending');
      await app.emails.send(mailboxApplicationReceivedEmail(user.email, user.fullName), { db: tx });
      return replaced;
    });
  } catch (err) {
    await stored.discard();
    throw err;
  }
  await Promise.allSettled(replacedKeys.map((key) => app.storage.delete(key)));
  await revokeSession(app.db, applicant.sessionId, now);
  return true;
}
