import type { RoleCode } from '@postwise/shared/roles';

/** How the signed-in account is named in the top bar and the phone menu. */
export const ROLE_LABEL: Record<RoleCode, string> = {
  SUPER_ADMIN: 'Super Admin',
  SUB_ADMIN: 'Sub Admin',
  USER: 'Customer',
};

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}
