/**
 * The invitation link's query names: /register?parentUser=<admin user id>&role=<USER|SUB_ADMIN>. The e-mail of
 * Add Customer / Add Sub Admin adds `invitation=<token>`: only that token completes the account it prepared. Kept
 * apart from the zod schemas so the register page can read a link without loading zod (schemas/accounts re-exports
 * them).
 */
export const INVITE_QUERY = { parentUser: 'parentUser', role: 'role', invitation: 'invitation' } as const;
export const INVITE_ROLES = ['USER', 'SUB_ADMIN'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
