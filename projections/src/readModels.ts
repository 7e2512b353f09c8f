import type { ReadModelProjection } from './projection';
import { applicationsProjection } from './applications/applicationsProjection';
import { managersProjection, paymentVariantsProjection } from './catalogue/catalogueProjections';
import { contactMessagesProjection, newsletterSubscribersProjection } from './contactMessages/contactMessagesProjection';
import { usersProjection } from './users/usersProjection';

/** Every read model the runner keeps up to date and `npm run replay` rebuilds. */
export const readModelProjections: ReadModelProjection[] = [
  usersProjection,
  applicationsProjection,
  contactMessagesProjection,
  newsletterSubscribersProjection,
  managersProjection,
  paymentVariantsProjection,
];
