import { billingContext, chargeChosenPlanOnApproval } from '../../billing';
import {
  type ApplicationDetail,
  type ApplicationItem,
  type ApplicationStatus,
  formatPmb,
  type MailboxSummary,
} from '@postwise/shared/admin';
import {
  ADMIN_MESSAGES,
  type ApplicationListQuery,
  type ApproveApplicationInput,
  type RecordComplianceIdsInput,
} from '@postwise/shared/schemas/admin';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import {
  documents,
  profiles,
  loadManaged,
  managedUsersFilterPrepared,
  audit,
  listDocuments,
  userSearchPrepared,
  findUserById,
  loadUserDto,
  type UserRow,
  users,
  type Actor,
  actorMay,
} from '../../identity';
import {
  mailboxes,
  assertMailboxAllowed,
  loadForm1583Compliance,
  recordForm1583Compliance,
  type StoreRow,
  stores,
} from '../../mailbox';
import { mailboxApprovedEmail, mailboxRejectedEmail } from '../../../integrations/mailer/templates';
import { conflict, notFound, validationFailed } from '../../../lib/errors';
import { descending, pagedPrepared, preparedList } from '../../../db/paging';
import { prefixPattern } from '../../../db/prefix-search';
import { loadMailboxSummary, toRef } from '../managed-accounts/service';

const parents = alias(users, 'application_parents');

const submittedAt = sql<Date | null>`(select max(${documents.createdAt}) from ${documents} where ${documents.userId} = ${users.id})`;

/**
 * Mailbox applications: customers whose mailbox profile has this status, within the caller's
 * tenancy (the one rule of modules/tenancy, so the list shows exactly the applications the caller may open).
 */
export function listApplications(db: Db, actor: Actor, query: ApplicationListQuery) {
  const all = actorMay(actor, 'customers.all');
  const q = query.search?.trim();
  const p = sql.placeholder;
  const listShape = {
    role: all ? null : actor.role,
    isSuperSubAdmin: all ? null : actor.isSuperSubAdmin,
    search: Boolean(q),
  };
  const list = preparedList<ApplicationJoinRow, typeof listShape>(db, 'applications', listShape, (shape) => {
    const tenancy = shape.role
      ? managedUsersFilterPrepared({ role: shape.role, isSuperSubAdmin: Boolean(shape.isSuperSubAdmin) })
      : undefined;
    const search = shape.search ? userSearchPrepared() : undefined;
    // Profiles exist only for customers (onboarding creates them), so the super admin's unfiltered list reads
    // profiles alone, in its sort index; tenancy and search narrow it through the customers they allow.
    const where = and(
      eq(profiles.mailboxStatus, p('status')),
      tenancy || search
        ? inArray(
            profiles.userId,
            db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.roleCode, 'USER'), tenancy, search)),
          )
        : undefined,
    );
    return {
      from: profiles,
      where,
      key: profiles.id,
      narrow: shape.search,
      order: descending(profiles.updatedAt, profiles.id),
      load: (keys) =>
        db
          .select({
            profileId: profiles.id,
            user: {
              id: users.id,
              fullName: users.fullName,
              email: users.email,
              mailboxType: users.mailboxType,
              accountType: users.accountType,
            },
            status: profiles.mailboxStatus,
            parent: { id: parents.id, fullName: parents.fullName, email: parents.email, role: parents.roleCode },
            submittedAt,
          })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.userId))
          .leftJoin(parents, eq(parents.id, users.parentUserId))
          .where(inArray(profiles.id, keys)),
    };
  });
  const values = {
    status: query.status,
    ...(all ? {} : { actorId: actor.userId }),
    ...(q ? { pattern: prefixPattern(q) } : {}),
  };
  return pagedPrepared(list, values, { pageNo: query.pageNo, pageSize: query.pageSize }, (row): ApplicationItem => ({
    userId: row.user.id,
    fullName: row.user.fullName,
    email: row.user.email,
    mailboxType: row.user.mailboxType ?? null,
    accountType: row.user.accountType ?? null,
    status: row.status as ApplicationStatus,
    parentUser: toRef(row.parent),
    submittedAt: row.submittedAt ? new Date(row.submittedAt).toISOString() : null,
  }));
}

interface ApplicationJoinRow {
  profileId: string;
  user: Pick<UserRow, 'id' | 'fullName' | 'email' | 'mailboxType' | 'accountType'>;
  status: string;
  parent: { id: string | null; fullName: string | null; email: string | null; role: UserRow['roleCode'] | null } | null;
  submittedAt: Date | string | null;
}

/** The stores a mailbox of this customer may open at: those of the admin who owns the customer. */
async function storesFor(db: Db, owner: string | null): Promise<StoreRow[]> {
  if (!owner) return [];
  return db
    .select()
    .from(stores)
    .where(eq(stores.ownerUserId, owner))
    .orderBy(desc(stores.isDefault), asc(stores.createdAt));
}

async function loadApplicant(db: Db, actor: Actor, userId: string): Promise<UserRow> {
  const target = await loadManaged(db, actor, userId);
  if (target.roleCode !== 'USER') throw notFound();
  return target;
}

export async function getApplication(db: Db, actor: Actor, userId: string): Promise<ApplicationDetail> {
  const applicant = await loadApplicant(db, actor, userId);
  const [dto, [profile], docs, mailbox, storeRows, parent, compliance] = await Promise.all([
    loadUserDto(db, applicant.id),
    db.select().from(profiles).where(eq(profiles.userId, applicant.id)).limit(1),
    listDocuments(db, applicant.id),
    loadMailboxSummary(db, applicant.id),
    storesFor(db, applicant.parentUserId),
    applicant.parentUserId ? findUserById(db, applicant.parentUserId) : Promise.resolve(undefined),
    loadForm1583Compliance(db, applicant.id),
  ]);
  if (!dto) throw notFound();
  const rejected = docs.find((d) => d.reviewStatus === 'rejected' && d.rejectionReason);
  return {
    applicant: dto,
    status: (profile?.mailboxStatus ?? 'none') as ApplicationStatus,
    parentUser: parent
      ? { id: parent.id, fullName: parent.fullName, email: parent.email, role: parent.roleCode }
      : null,
    signedAt: applicant.signedAt?.toISOString() ?? null,
    submittedAt: docs[0]?.createdAt.toISOString() ?? null,
    rejectionReason: profile?.mailboxStatus === 'rejected' ? (rejected?.rejectionReason ?? null) : null,
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      idType: d.idType,
      contentType: d.contentType,
      size: d.size,
      reviewStatus: d.reviewStatus,
      url: `documents/${d.id}/file`,
      createdAt: d.createdAt.toISOString(),
    })),
    mailbox,
    stores: storeRows.map((s) => ({
      id: s.id,
      name: s.name,
      address: [s.address1, s.address2, `${s.city}, ${s.state} ${s.zip}`].filter(Boolean).join(', '),
      nextPmb: formatPmb(s.pmbPrefix, s.nextPmbNumber),
      isDefault: s.isDefault,
    })),
    complianceIds: compliance.ids,
    witness: compliance.witness,
  };
}

function loginUrl(app: FastifyInstance): string {
  return `${app.config.publicUrl}/login`;
}

/**
 * Approve: in one transaction, with the profile and the store row locked, the mailbox profile becomes active,
 * the next free PMB number of the store is assigned (so two approvals at once never share a number), and the
 * pending documents are marked approved. Then the customer is e-mailed their address.
 */
export async function approveApplication(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  input: ApproveApplicationInput,
): Promise<MailboxSummary> {
  const { storeId } = input;
  const applicant = await loadApplicant(app.db, actor, userId);
  const now = app.config.now();
  const choices = await storesFor(app.db, applicant.parentUserId);
  const chosen = storeId ? choices.find((s) => s.id === storeId) : choices[0];
  if (storeId && !chosen)
    throw validationFailed('Choose one of the stores listed', { storeId: 'Choose one of the stores listed' });
  if (!chosen) throw conflict(ADMIN_MESSAGES.noStore);

  await app.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, applicant.id)).for('update').limit(1);
    if (!profile || profile.mailboxStatus !== 'pending') throw conflict(ADMIN_MESSAGES.notPending);

    const [existing] = await tx.select().from(mailboxes).where(eq(mailboxes.userId, applicant.id)).limit(1);
    // A sub-admin's plan caps their open mailboxes (numberOfMailboxes); refused with an upgrade path (409).
    if (!existing || existing.status !== 'active') await assertMailboxAllowed(tx, chosen.ownerUserId);
    if (existing) {
      await tx.update(mailboxes).set({ status: 'active', closedAt: null }).where(eq(mailboxes.id, existing.id));
    } else {
      const [store] = await tx.select().from(stores).where(eq(stores.id, chosen.id)).for('update').limit(1);
      if (!store) throw conflict(ADMIN_MESSAGES.noStore);
      let pmbNumber = store.nextPmbNumber;
      // The owner may have lowered the counter: skip numbers already given at this store.
      while (
        (await tx.$count(mailboxes, and(eq(mailboxes.storeId, store.id), eq(mailboxes.pmbNumber, pmbNumber)))) > 0
      ) {
        pmbNumber += 1;
      }
      const names = [applicant.personal.mailboxName || applicant.fullName, applicant.business?.mailboxName]
        .filter((n): n is string => Boolean(n && n.trim()))
        .slice(0, 2);
      await tx.insert(mailboxes).values({
        userId: applicant.id,
        storeId: store.id,
        pmbNumber,
        mailboxType: applicant.mailboxType ?? 'personal',
        names,
        status: 'active',
        openedAt: now,
        openedByUserId: actor.userId,
      });
      await tx
        .update(stores)
        .set({ nextPmbNumber: pmbNumber + 1, updatedAt: now })
        .where(eq(stores.id, store.id));
    }
    await tx
      .update(profiles)
      .set({ mailboxStatus: 'active', currentProfile: profile.currentProfile ?? 'mailbox', updatedAt: now })
      .where(eq(profiles.id, profile.id));
    await tx
      .update(documents)
      .set({ reviewStatus: 'approved', reviewedBy: actor.userId, reviewedAt: now, rejectionReason: null })
      .where(and(eq(documents.userId, applicant.id), eq(documents.reviewStatus, 'pending')));
    await recordForm1583Compliance(tx, actor, applicant, { ids: input.ids, witness: input.witness });
    const opened = await loadMailboxSummary(tx, applicant.id);
    await audit(
      tx,
      actor,
      'application.approve',
      { type: 'user', id: applicant.id },
      { storeId: opened?.storeId ?? null, pmb: opened?.pmb ?? null },
    );
  });

  const summary = await loadMailboxSummary(app.db, applicant.id);
  if (!summary) throw notFound();
  await app.emails.send(mailboxApprovedEmail(applicant.email, applicant.fullName, summary.address, loginUrl(app)), {
    key: `mailbox-approved:${applicant.id}:${summary.storeId}:${summary.pmb}`,
  });
  // The plan chosen before approval is charged now, after the approval committed (decision 003). A failure here
  // never undoes the approval: a refused card e-mails the customer; an interrupted charge is recovered later.
  try {
    const charge = await chargeChosenPlanOnApproval(billingContext(app), applicant.id);
    if (charge.kind !== 'none') app.log.info({ userId: applicant.id, charge: charge.kind }, 'approval charge');
  } catch (err) {
    app.log.error({ err, userId: applicant.id }, 'approval charge interrupted; recovery will finish it');
  }
  return summary;
}

/**
 * Records IDs the agent checked after approval (a renewed ID before the old one expires): each replaces the earlier
 * ID of its person and kind, and is alerted again 30 days before its own expiry.
 */
export async function recordComplianceIds(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  input: RecordComplianceIdsInput,
): Promise<ApplicationDetail> {
  const applicant = await loadApplicant(app.db, actor, userId);
  await app.db.transaction(async (tx) => {
    await recordForm1583Compliance(tx, actor, applicant, input);
    await audit(
      tx,
      actor,
      'application.compliance-ids',
      { type: 'user', id: applicant.id },
      { ids: input.ids.map((i) => `${i.person}:${i.kind}`) },
    );
  });
  return getApplication(app.db, actor, userId);
}

/**
 * Reject with a reason: the mailbox profile is rejected, the pending documents carry the reason, and the
 * applicant's onboarding returns to the upload step so they can send new IDs after signing in.
 */
export async function rejectApplication(
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  reason: string,
): Promise<void> {
  const applicant = await loadApplicant(app.db, actor, userId);
  const now = app.config.now();
  await app.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, applicant.id)).for('update').limit(1);
    if (!profile || profile.mailboxStatus !== 'pending') throw conflict(ADMIN_MESSAGES.notPending);
    await tx.update(profiles).set({ mailboxStatus: 'rejected', updatedAt: now }).where(eq(profiles.id, profile.id));
    await tx
      .update(documents)
      .set({ reviewStatus: 'rejected', reviewedBy: actor.userId, reviewedAt: now, rejectionReason: reason })
      .where(and(eq(documents.userId, applicant.id), eq(documents.reviewStatus, 'pending')));
    await tx.update(users).set({ currentStep: 'upload-documents', updatedAt: now }).where(eq(users.id, applicant.id));
    await audit(tx, actor, 'application.reject', { type: 'user', id: applicant.id }, { reason });
    await app.emails.send(mailboxRejectedEmail(applicant.email, applicant.fullName, reason, loginUrl(app)), {
      db: tx,
    });
  });
}
