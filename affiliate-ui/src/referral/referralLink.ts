import { formatAffiliateId } from '@affilux/contract';

/** The link a referred affiliate registers from: the portal's /register with the 5-digit id as `ref` (read into the referralCode cookie). */
export const referralLink = (origin: string, uniqueId: number): string => `${origin}/register?ref=${formatAffiliateId(uniqueId)}`;
