/**
 * Who uses the product. An admin runs the back office; an auditor reads it (every write is refused);
 * an affiliate has the portal's area.
 */
export const ROLES = ['admin', 'affiliate', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that see the back office (read for an auditor, read and write for an admin). */
export const BACK_OFFICE_ROLES: readonly Role[] = ['admin', 'auditor'];

/** Where a signed-in user lands after sign-in (and from the anonymous-only pages). */
export const homePathOf = (role: Role): string => (role === 'affiliate' ? '/affiliate' : '/admin');
