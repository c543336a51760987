export { accountAccessRoutes } from './account-access/routes';
export { apiKeysRoutes } from './api-keys/routes';
export { auditTrail } from './audit/plugin';
export { auditRoutes } from './audit/routes';
export { audit, auditRequest } from './audit/service';
export { authsRoutes } from './auths/routes';
export { resolveSession, revokeActingSessionsNoLongerManaged, revokeUserSessions } from './auths/sessions';
export { parseOrFail } from './auths/validation';
export { documentsRoutes } from './documents/routes';
export { listDocuments, putDocumentFiles } from './documents/service';
export { startPurgeRunner } from './housekeeping/purge-expired';
export { newInvitationToken } from './invitations/invitation-tokens';
export { onboardingSupportRoutes } from './onboarding-support/routes';
export { profilesRoutes } from './profiles/routes';
export { documents } from './schema/documents';
export { invitations } from './schema/invitations';
export { policyAndTerms } from './schema/policy-and-terms';
export { profiles } from './schema/profiles';
export type { SessionRow } from './schema/sessions';
export { users } from './schema/users';
export type { MailboxType, NewUserRow, UserRow } from './schema/users';
export { settingsRoutes } from './settings/routes';
export { actorFromUser, actorMay, personOf } from './tenancy/actor';
export type { Actor } from './tenancy/actor';
export { loadManaged, managedUsersFilterPrepared, manages } from './tenancy/manages';
export { createSuperAdmin } from './users/create-super-admin';
export {
  mailboxSummarySchema,
  managedUserDetailSchema,
  managedUserItemSchema,
  userRefSchema,
} from './users/managed-user-schema';
export { countUsers, findUserByEmail, findUserById, loadUserDto, normalizeEmail } from './users/service';
export { userSchema } from './users/user-schema';
export { searchedExpressions, userSearch, userSearchPrepared } from './users/user-search';
export { actorOf, authentication, getAuth, requireAuth, sessionOf } from './access/authentication';
export { callerMay, requireAudience, requireManagedParam } from './access/authorization';
