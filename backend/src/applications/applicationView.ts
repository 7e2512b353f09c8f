/** An application as GET /applications answers it (spec: Application). Free of imports, shared with the back office. */
export type ApplicationStatus = 'pending' | 'approved' | 'rejected';

export type ApplicationView = {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  country: string;
  contact_method: string;
  profile_type: string;
  experience_description: string;
  traffic_sources: string[];
  status: ApplicationStatus;
  created_at: string;
  processed_at: string | null;
  referred_by: number | null;
  referrer_name: string | null;
  referrer_unique_id: number | null;
  /** The affiliate id of the account an approval opened. */
  unique_id: number | null;
};
