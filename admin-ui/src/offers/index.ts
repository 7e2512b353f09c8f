import OffersIcon from '@mui/icons-material/LocalOffer';
import { formatAffiliateId, type OfferView } from '@affilux/contract';
import { OfferCreate, OfferEdit } from './OfferForm';
import { OfferList } from './OfferList';

export default {
  list: OfferList,
  create: OfferCreate,
  edit: OfferEdit,
  icon: OffersIcon,
  recordRepresentation: (offer: OfferView) => `${formatAffiliateId(offer.unique_id)} ${offer.brand_name}`,
};
