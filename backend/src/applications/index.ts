import type { Feature } from '../feature';
import { accountOpening } from './accountOpening';
import { applicantEmails, rejectedApplicants } from './applicantEmails';
import { applicationsApi } from './api';
import { applicationsProjection } from './applicationList/projection';
import { applicationPersonalFields, applicationUpcasters } from './events';

/** Applications: the public wizard's submissions, their review in the back office, and what approval and rejection lead to. */
export const applications: Feature = {
  name: 'applications',
  api: applicationsApi,
  projections: [applicationsProjection],
  reactors: (deps) => [accountOpening(deps), applicantEmails(deps), rejectedApplicants()],
  upcasters: applicationUpcasters,
  personalFields: applicationPersonalFields,
};
