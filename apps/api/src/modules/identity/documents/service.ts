import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type DocumentKind, type DocumentRow, documents } from '../schema/documents';
import type { FileStorage, StoredFile } from '../../../integrations/storage/file-storage';
import { forbidden, notFound } from '../../../lib/errors';
import type { Actor } from '../tenancy/actor';
import { managesOrIs } from '../tenancy/manages';

/** A checked file waiting to be stored (content type detected from its bytes, never from the client). */
export interface IncomingDocument {
  kind: DocumentKind;
  idType: string | null;
  body: Buffer;
  contentType: string;
  originalName: string | null;
}

/** What the API tells about a document (never its storage key). */
export interface DocumentInfo {
  id: string;
  kind: DocumentKind;
  idType: string | null;
  contentType: string;
  size: number;
  reviewStatus: DocumentRow['reviewStatus'];
  createdAt: string;
}

export function toDocumentInfo(row: DocumentRow): DocumentInfo {
  return {
    id: row.id,
    kind: row.kind,
    idType: row.idType,
    contentType: row.contentType,
    size: row.size,
    reviewStatus: row.reviewStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

function safeName(name: string | null): string | null {
  if (!name) return null;
  const cleaned = name
    .replace(/[\\/\r\n"]/g, '_')
    .trim()
    .slice(0, 200);
  return cleaned || null;
}

/**
 * Writes the files to storage under server-made keys (documents/<userId>/<uuid>) before any row points
 * at them. Answers the rows to insert and a cleanup that deletes the files if the transaction fails.
 */
export async function putDocumentFiles(
  storage: FileStorage,
  userId: string,
  incoming: readonly IncomingDocument[],
): Promise<{ rows: (typeof documents.$inferInsert)[]; discard: () => Promise<void> }> {
  const rows: (typeof documents.$inferInsert)[] = [];
  const keys: string[] = [];
  const discard = async () => {
    await Promise.allSettled(keys.map((k) => storage.delete(k)));
  };
  try {
    for (const doc of incoming) {
      const key = `documents/${userId}/${randomUUID()}`;
      await storage.put(key, doc.body, doc.contentType);
      keys.push(key);
      rows.push({
        userId,
        kind: doc.kind,
        idType: doc.idType,
        storageKey: key,
        contentType: doc.contentType,
        size: doc.body.length,
        sha256: createHash('sha256').update(doc.body).digest('hex'),
        originalName: safeName(doc.originalName),
      });
    }
  } catch (err) {
    await discard();
    throw err;
  }
  return { rows, discard };
}

/**
 * Inside the caller's transaction: the new application documents replace the user's earlier ones still
 * waiting for review. Answers the storage keys of the replaced files, to delete once the transaction commits.
 */
export async function replacePendingDocuments(
  tx: Db,
  userId: string,
  rows: readonly (typeof documents.$inferInsert)[],
): Promise<string[]> {
  const replaced = await tx
    .delete(documents)
    .where(and(eq(documents.userId, userId), eq(documents.reviewStatus, 'pending')))
    .returning({ storageKey: documents.storageKey });
  if (rows.length > 0) await tx.insert(documents).values([...rows]);
  return replaced.map((r) => r.storageKey);
}

/** The documents of one user, newest first (for the admin review of a mailbox application). */
export async function listDocuments(db: Db, userId: string, kinds?: readonly DocumentKind[]): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), kinds ? inArray(documents.kind, [...kinds]) : undefined))
    .orderBy(desc(documents.createdAt));
}

/**
 * A document's file for whoever may read it: its owner and whoever manages the owner (the tenancy rule, the
 * same that opens the application showing it). 404 when unknown, 403 when not theirs to see.
 */
export async function readDocument(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  documentId: string,
): Promise<{ row: DocumentRow; file: StoredFile }> {
  const [row] = await db.select().from(documents).where(eq(documents.id, documentId)).limit(1);
  if (!row) throw notFound('Document not found');
  if (!(await managesOrIs(db, actor, row.userId))) throw forbidden();
  const file = await storage.get(row.storageKey);
  if (!file) throw notFound('Document not found');
  return { row, file };
}
