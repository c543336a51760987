import type { LogosResult, PolicyAndTermsResult } from '@postwise/shared/schemas/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { policyAndTerms } from '../schema/policy-and-terms';
import type { UserRow } from '../schema/users';
import { forbidden, notFound } from '../../../lib/errors';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { platformSuperAdmin } from '../auths/register';
import type { Actor } from '../tenancy/actor';
import { managesOrIs } from '../tenancy/manages';
import { findUserById } from '../users/service';

const NO_LOGOS = { lightLogo: null, darkLogo: null };

/**
 * GET users/logo (spec 4, 7): a reseller's customers see the reseller's logos. The logos come from the
 * nearest SUB_ADMIN in the account's parent chain (the account itself when it is one); null means the
 * product's default images. Readable by the account itself and whoever manages it (the tenancy rule).
 */
export async function userLogos(db: Db, actor: Actor, userId: string): Promise<LogosResult> {
  const target = await findUserById(db, userId);
  if (!target) throw notFound('User not found');
  if (!(await managesOrIs(db, actor, target.id))) throw forbidden();
  let current: UserRow | undefined = target;
  for (let hops = 0; current && hops < 5; hops++) {
    if (current.roleCode === 'SUB_ADMIN') {
      const { lightLogo, darkLogo } = current.configuration;
      return { logos: { lightLogo: lightLogo ?? null, darkLogo: darkLogo ?? null } };
    }
    if (current.roleCode === 'SUPER_ADMIN' || !current.parentUserId) break;
    current = await findUserById(db, current.parentUserId);
  }
  return { logos: NO_LOGOS };
}

async function rowOf(db: Db, ownerUserId: string) {
  const [row] = await db.select().from(policyAndTerms).where(eq(policyAndTerms.ownerUserId, ownerUserId)).limit(1);
  return row;
}

/**
 * GET privacyPolicyAndTerms?user=<parent user id> (spec 2.6, 3): the privacy policy and terms of the
 * inviting admin; without one (or when that admin wrote none), the platform's; empty strings when neither
 * exists, which makes the register page fall back to the static /policy-terms page.
 */
export async function policyAndTermsFor(db: Db, parentUserId: string | undefined): Promise<PolicyAndTermsResult> {
  if (parentUserId) {
    const parent = await findUserById(db, parentUserId);
    if (parent && parent.roleCode !== 'USER') {
      const own = await rowOf(db, parent.id);
      if (own && (own.privacyPolicyHtml || own.termsHtml)) {
        // Sanitized when written (settings) and again when served, whatever wrote the row.
        return { privacyPolicyHtml: sanitizeHtml(own.privacyPolicyHtml), termsHtml: sanitizeHtml(own.termsHtml) };
      }
    }
  }
  const platform = await platformSuperAdmin(db);
  const row = platform ? await rowOf(db, platform.id) : undefined;
  return {
    privacyPolicyHtml: sanitizeHtml(row?.privacyPolicyHtml ?? ''),
    termsHtml: sanitizeHtml(row?.termsHtml ?? ''),
  };
}
