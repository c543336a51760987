import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Which document of USPS Form 1583 a file is (spec 2.7, 3). */
export const DOCUMENT_KINDS = [
  'photoId',
  'addressId',
  'authorizedPhotoId',
  'authorizedAddressId',
  'courtOrder',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];

/**
 * Uploaded IDs of a mailbox application. The file itself lives in file storage under `storage_key`
 * (documents/<userId>/<uuid>), readable only through the documents endpoint that checks who is asking.
 * An admin reviews them (review_status, reviewed_by, reviewed_at, rejection_reason).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    // One of PHOTO_ID_TYPES / ADDRESS_ID_TYPES (spec 3); null for a court order.
    idType: text('id_type'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    reviewStatus: text('review_status').$type<DocumentReviewStatus>().notNull().default('pending'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_storage_key_key').on(t.storageKey),
    index('documents_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('documents_review_status_created_at_idx').on(t.reviewStatus, t.createdAt),
    check(
      'documents_kind_check',
      sql`${t.kind} in ('photoId', 'addressId', 'authorizedPhotoId', 'authorizedAddressId', 'courtOrder')`,
    ),
    check('documents_review_status_check', sql`${t.reviewStatus} in ('pending', 'approved', 'rejected')`),
    check('documents_size_check', sql`${t.size} > 0`),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
