import { formatAffiliateId as padded } from '@affilux/contract';
/** The user object returned by GET /auth/me, POST /auth/login and the profile calls. */
export type { ApiUser as User } from '@affilux/contract';

/** A server answer that only carries a human-readable message. */
export interface MessageResponse {
  message: string;
}

/** GET /affiliate/account/manager */
export interface ManagerResponse {
  hasManager: boolean;
  manager: { nom: string; telegram: string; mail: string } | null;
}

/** The spec shows every affiliate ID padded to 5 digits. */
export function formatAffiliateId(uniqueId: number | null | undefined): string {
  return uniqueId == null ? '-' : padded(uniqueId);
}
