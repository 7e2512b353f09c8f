import PptVariantsIcon from '@mui/icons-material/Science';
import SalesVariantsIcon from '@mui/icons-material/ShoppingCart';
import type { VariantListItem } from '@affilux/contract';
import { VariantList } from './VariantList';

const recordRepresentation = (variant: VariantListItem) => variant.name;

/** <Resource name="ppt-variants" {...pptVariants} />: the PPT variants (GET/POST/PUT/DELETE /ppt-variants). */
export const pptVariants = { list: () => <VariantList paymentType="ppt" />, icon: PptVariantsIcon, recordRepresentation };

/** <Resource name="sales-variants" {...salesVariants} />: the SALE variants. */
export const salesVariants = { list: () => <VariantList paymentType="sale" />, icon: SalesVariantsIcon, recordRepresentation };
