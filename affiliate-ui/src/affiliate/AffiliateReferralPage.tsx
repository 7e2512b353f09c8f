import { GroupAddOutlined } from '@mui/icons-material';
import { EmptySection } from './EmptySection';

export function AffiliateReferralPage() {
  return <EmptySection section="referral" icon={<GroupAddOutlined />} />;
}
