import type { ComplianceId, ComplianceIdInput, Witness, WitnessInput } from '@postwise/shared/compliance';
import type { Personal } from '@postwise/shared/api-types';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type Actor, type UserRow, users } from '../../identity';
import { validationFailed } from '../../../lib/errors';
import { complianceIds, form1583Witnesses } from '../schema/compliance';

export function personName(p: Partial<Personal> | null | undefined): string {
  if (!p) return '';
  return (p.fullName || [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')).trim();
}

/**
 * Records, in the approval's transaction, the IDs the agent read from the originals and the witness of the
 * Form 1583. Recording again (a box re-approved) replaces what was there: the newest check is the one USPS asks for.
 */
export async function recordForm1583Compliance(
  tx: Db,
  actor: Actor,
  applicant: Pick<UserRow, 'id' | 'fullName' | 'authorizedIndividual'>,
  input: { ids?: ComplianceIdInput[] | undefined; witness?: WitnessInput | undefined },
): Promise<void> {
  const names = { applicant: applicant.fullName, authorized: personName(applicant.authorizedIndividual) };
  for (const id of input.ids ?? []) {
    if (!names[id.person]) {
      throw validationFailed('This application names no authorized individual', {
        ids: 'This application names no authorized individual',
      });
    }
    const values = {
      personName: names[id.person],
      idType: id.idType,
      idNumber: id.idNumber,
      issuingAuthority: id.issuingAuthority,
      expiresOn: id.expiresOn,
      expiryAlertedAt: null,
      recordedByUserId: actor.userId,
    };
    await tx
      .insert(complianceIds)
      .values({ userId: applicant.id, person: id.person, kind: id.kind, ...values })
      .onConflictDoUpdate({ target: [complianceIds.userId, complianceIds.person, complianceIds.kind], set: values });
  }
  if (input.witness) {
    // The agent is the operator at the keyboard (the admin behind an account access), unless another was named.
    const agentUserId = actor.impersonatorUserId ?? actor.userId;
    const [agent] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, agentUserId));
    const values = {
      agentUserId,
      agentName: input.witness.agentName || agent?.fullName || '',
      method: input.witness.method,
      witnessedOn: input.witness.witnessedOn,
    };
    await tx
      .insert(form1583Witnesses)
      .values({ userId: applicant.id, ...values })
      .onConflictDoUpdate({ target: form1583Witnesses.userId, set: values });
  }
}

/** What the printed Form 1583 needs beyond the application: the recorded IDs and the witness. */
export async function loadForm1583Compliance(
  db: Db,
  userId: string,
): Promise<{ ids: ComplianceId[]; witness: Witness | null }> {
  const [ids, [witness]] = await Promise.all([
    db
      .select()
      .from(complianceIds)
      .where(eq(complianceIds.userId, userId))
      .orderBy(asc(complianceIds.person), asc(complianceIds.kind)),
    db.select().from(form1583Witnesses).where(eq(form1583Witnesses.userId, userId)),
  ]);
  return {
    ids: ids.map((r) => ({
      person: r.person,
      personName: r.personName,
      kind: r.kind,
      idType: r.idType,
      idNumber: r.idNumber,
      issuingAuthority: r.issuingAuthority,
      expiresOn: r.expiresOn,
    })),
    witness: witness
      ? { agentName: witness.agentName, method: witness.method, witnessedOn: witness.witnessedOn }
      : null,
  };
}
