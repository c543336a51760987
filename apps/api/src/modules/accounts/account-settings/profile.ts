import {
  ACCOUNT_SETTINGS_MESSAGES,
  type AccountProfile,
  idTypesFor,
  needsReReview,
  type ProfileUpdateResult,
  profileUpdateSchema,
  type ReplaceableDocumentKind,
} from '@postwise/shared/account-settings';
import { ACCOUNT_INFO_MESSAGES, fullName } from '@postwise/shared/schemas/onboarding';
import { hasMailbox } from '@postwise/shared/roles';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import {
  documents,
  profiles,
  parseOrFail,
  putDocumentFiles,
  findUserById,
  type UserRow,
  users,
  type Actor,
  audit,
} from '../../identity';
import { mailboxes } from '../../mailbox';
import { acceptUpload } from '../../../integrations/storage/upload-check';
import { forbidden, notFound, validationFailed } from '../../../lib/errors';
import { loadMailboxSummary } from '../managed-accounts/service';

const asStrings = (v: object | null | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => typeof x === 'string')) as Record<string, string>;

async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  return user;
}

/** GET account-settings/profile: the caller's own details and, for a mailbox holder, the box and its IDs. */
export async function getAccountProfile(db: Db, userId: string): Promise<AccountProfile> {
  const user = await loadUser(db, userId);
  const mailboxHolder = user.roleCode === 'USER' && hasMailbox(user.accountType);
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  const [summary, box, docs] = mailboxHolder
    ? await Promise.all([
        loadMailboxSummary(db, userId),
        db.select({ names: mailboxes.names }).from(mailboxes).where(eq(mailboxes.userId, userId)).limit(1),
        db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.createdAt)),
      ])
    : [null, [], []];
  return {
    email: user.email,
    role: user.roleCode,
    accountType: user.accountType,
    personal: asStrings(user.personal),
    mailbox: summary
      ? {
          pmb: summary.pmb,
          address: summary.address,
          storeName: summary.storeName,
          names: box[0]?.names ?? [],
          status: summary.status,
        }
      : null,
    mailboxType: mailboxHolder ? user.mailboxType : null,
    authorizedIndividual: mailboxHolder && user.authorizedIndividual ? asStrings(user.authorizedIndividual) : null,
    isCourtProtected: mailboxHolder ? user.isCourtProtected : false,
    applicationStatus: mailboxHolder ? (profile?.mailboxStatus ?? 'none') : 'none',
    // The newest of each kind is the one in force.
    documents: docs
      .filter((d, i) => docs.findIndex((o) => o.kind === d.kind) === i)
      .map((d) => ({
        id: d.id,
        kind: d.kind,
        idType: d.idType,
        reviewStatus: d.reviewStatus,
        createdAt: d.createdAt.toISOString(),
      })),
  };
}

/** The mailbox application goes back to the review queue (the applications list of the admins). */
async function sendBackForReview(tx: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(profiles)
    .set({ mailboxStatus: 'pending', updatedAt: now })
    .where(and(eq(profiles.userId, userId)))
    .returning({ id: profiles.id });
  return Boolean(row);
}

function holdsApplication(user: UserRow, status: string | undefined): boolean {
  return user.roleCode === 'USER' && hasMailbox(user.accountType) && status !== undefined && status !== 'none';
}

/**
 * PUT account-settings/profile: validated by the onboarding schemas (mailbox name required for a mailbox
 * holder). A change to what USPS Form 1583 prints (name, address, authorized individual) sends a submitted
 * application back for review, in the same transaction as the edit and its audit row.
 */
export async function updateAccountProfile(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  body: unknown,
): Promise<ProfileUpdateResult> {
  const user = await loadUser(app.db, userId);
  const mailboxHolder = user.roleCode === 'USER' && hasMailbox(user.accountType);
  const input = parseOrFail(profileUpdateSchema({ mailbox: mailboxHolder }), body);
  const now = app.config.now();
  const personal = { ...input.personal, fullName: fullName(input.personal) };
  if (!mailboxHolder) delete (personal as { mailboxName?: string }).mailboxName;
  const authorizedIndividual = mailboxHolder
    ? input.authorizedIndividual === undefined
      ? user.authorizedIndividual
      : input.authorizedIndividual
    : user.authorizedIndividual;

  const reReview = await app.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
    const changed =
      holdsApplication(user, profile?.mailboxStatus) &&
      needsReReview(
        { personal: user.personal, authorizedIndividual: user.authorizedIndividual ?? null },
        { personal, authorizedIndividual: authorizedIndividual ?? null },
      );
    await tx
      .update(users)
      .set({ personal, authorizedIndividual: authorizedIndividual ?? null, updatedAt: now })
      .where(eq(users.id, userId));
    if (changed) await sendBackForReview(tx, userId, now);
    await audit(tx, actor, 'account.profile.update', { type: 'user', id: userId }, { reReview: changed });
    return changed;
  });
  return { profile: await getAccountProfile(app.db, userId), reReview };
}

/**
 * POST account-settings/profile/documents: a new file for one ID (image or PDF by content, like the upload of
 * onboarding). It replaces the earlier file of that kind and sends a submitted application back for review.
 */
export async function replaceProfileDocument(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  upload: { kind: ReplaceableDocumentKind; idType: string | null; body: Buffer; name: string | null },
): Promise<ProfileUpdateResult> {
  const user = await loadUser(app.db, userId);
  if (user.roleCode !== 'USER' || !hasMailbox(user.accountType)) throw forbidden();
  if (upload.kind.startsWith('authorized') && !user.authorizedIndividual) {
    throw validationFailed(ACCOUNT_INFO_MESSAGES.authorizedRequired, {
      kind: ACCOUNT_INFO_MESSAGES.authorizedRequired,
    });
  }
  if (upload.idType !== null && !idTypesFor(upload.kind).includes(upload.idType)) {
    throw validationFailed(ACCOUNT_SETTINGS_MESSAGES.idTypeInvalid, {
      idType: ACCOUNT_SETTINGS_MESSAGES.idTypeInvalid,
    });
  }
  const accepted = await acceptUpload('file', upload.body, { label: 'File' });
  const stored = await putDocumentFiles(app.storage, userId, [
    {
      kind: upload.kind,
      idType: upload.idType,
      body: accepted.body,
      contentType: accepted.contentType,
      originalName: upload.name,
    },
  ]);
  const now = app.config.now();
  let replacedKeys: string[];
  let reReview = false;
  try {
    replacedKeys = await app.db.transaction(async (tx) => {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
      const replaced = await tx
        .delete(documents)
        .where(and(eq(documents.userId, userId), eq(documents.kind, upload.kind)))
        .returning({ storageKey: documents.storageKey });
      await tx.insert(documents).values(stored.rows);
      if (holdsApplication(user, profile?.mailboxStatus)) {
        reReview = await sendBackForReview(tx, userId, now);
      }
      await audit(tx, actor, 'account.profile.document', { type: 'user', id: userId }, { kind: upload.kind, reReview });
      return replaced.map((r) => r.storageKey);
    });
  } catch (err) {
    await stored.discard();
    throw err;
  }
  await Promise.allSettled(replacedKeys.map((key) => app.storage.delete(key)));
  return { profile: await getAccountProfile(app.db, userId), reReview };
}
