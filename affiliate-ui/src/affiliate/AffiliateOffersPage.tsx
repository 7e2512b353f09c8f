import { LocalOfferOutlined } from '@mui/icons-material';
import { EmptySection } from './EmptySection';

export function AffiliateOffersPage() {
  return <EmptySection section="offers" icon={<LocalOfferOutlined />} />;
}
