import { hasMailbox, hasShipment, type AccountType, type ProfileKind, type RoleCode } from './roles';

/**
 * Who is asking, as far as the access rules of spec 2.3, 2.4 and 6 care.
 * `currentProfile` narrows a USER holding both profiles to the one in use (spec 6:
 * "depending on the current profile").
 */
export interface Viewer {
  role: RoleCode;
  accountType: AccountType | null;
  currentProfile?: ProfileKind | null;
  isSuperSubAdmin?: boolean;
  /** SUB_ADMIN only: the password-protected Configuration tab has been unlocked (spec 2.3). */
  configurationUnlocked?: boolean;
}

/** One entry of an audience list: a role, optionally narrowed to an account kind or the super sub-admin flag. */
export interface Audience {
  role: RoleCode;
  account?: ProfileKind;
  /** `account` is matched against every kind the account holds, not only the current profile (API use cases). */
  anyProfile?: true;
  superSubAdmin?: true;
}

/** The account kinds a USER is working in now: the current profile if set, else every kind the account holds. */
export function effectiveAccounts(viewer: Viewer): ProfileKind[] {
  if (viewer.currentProfile && viewer.accountType === 'both') return [viewer.currentProfile];
  const kinds: ProfileKind[] = [];
  if (hasShipment(viewer.accountType)) kinds.push('shipment');
  if (hasMailbox(viewer.accountType)) kinds.push('mailbox');
  return kinds;
}

export function matchesAudience(viewer: Viewer, audience: readonly Audience[]): boolean {
  return audience.some((a) => {
    if (a.role !== viewer.role) return false;
    if (a.superSubAdmin && !viewer.isSuperSubAdmin) return false;
    const kinds = a.anyProfile ? effectiveAccounts({ ...viewer, currentProfile: null }) : effectiveAccounts(viewer);
    if (a.account && !kinds.includes(a.account)) return false;
    return true;
  });
}

export const ALL_ROLES: readonly Audience[] = [{ role: 'SUPER_ADMIN' }, { role: 'SUB_ADMIN' }, { role: 'USER' }];
