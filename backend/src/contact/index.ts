import { Router } from 'express';
import type { AppDeps, Feature } from '../feature';
import { contactMessagesAdminApi } from './adminApi';
import { contactApi } from './api';
import { contactPersonalFields } from './events';
import { contactMessageErasure } from './messageErasure';
import { contactMessagesProjection } from './contactMessages/projection';
import { newsletterSubscribersProjection } from './newsletterSubscribers/projection';

/** The public contact form and the newsletter, and the contact messages' handling in the back office (a deleted message is forgotten). */
export const contact: Feature = {
  name: 'contact',
  api: (deps: AppDeps) => Router().use(contactApi(deps), contactMessagesAdminApi(deps)),
  projections: [contactMessagesProjection, newsletterSubscribersProjection],
  reactors: () => [contactMessageErasure()],
  personalFields: contactPersonalFields,
};
