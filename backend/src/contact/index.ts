import type { Feature } from '../feature';
import { contactApi } from './api';
import { contactMessagesProjection } from './contactMessages/projection';
import { newsletterSubscribersProjection } from './newsletterSubscribers/projection';

/** The public contact form and the newsletter. */
export const contact: Feature = {
  name: 'contact',
  api: contactApi,
  projections: [contactMessagesProjection, newsletterSubscribersProjection],
};
