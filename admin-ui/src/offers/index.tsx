import OffersIcon from '@mui/icons-material/LocalOffer';
import { formatAffiliateId, type OfferView } from '@affilux/contract';
import { AdminPage } from '../shared/canWrite';
import { OfferCreate, OfferEdit } from './OfferForm';
import { OfferList } from './OfferList';

export default {
  list: OfferList,
  // An auditor reads the offers: the create and edit pages send them back to the list.
  create: () => <AdminPage fallback="/offers"><OfferCreate /></AdminPage>,
  edit: () => <AdminPage fallback="/offers"><OfferEdit /></AdminPage>,
  icon: OffersIcon,
  recordRepresentation: (offer: OfferView) => `${formatAffiliateId(offer.unique_id)} ${offer.brand_name}`,
};
