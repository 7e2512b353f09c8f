import type { PaymentType } from '@affilux/contract';

/** PPT or SALE, as the screens name the payment types. */
export const typeLabel = (paymentType: PaymentType) => (paymentType === 'ppt' ? 'PPT' : 'SALE');
