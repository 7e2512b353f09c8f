import type { AppDeps } from '../app';
import { accountDecider } from '../accounts/account';
import { userStream, type AccountEvent } from '../accounts/events';
import { deterministicEventId, executeCommand, systemContext, type CommandContext } from '../eventstore/commands';
import { applicationDecider, decideApplication, type ApproveApplication } from './application';
import { welcomeEmail } from './emails';
import { applicationStream, type ApplicationEvent } from './events';

type Deps = Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'mail' | 'publicUrl'>;

/**
 * Approving is two appends: ApplicationApproved on the application (its revision check makes two
 * admins approving at once give one approval), then the account's opening on `user-<application id>`.
 * The account events have ids derived from the application, so finishing an interrupted approval
 * (resumeAccountOpenings, at start-up) can never open the account twice.
 */
export async function approveApplication(deps: Deps, applicationId: string, command: Omit<ApproveApplication, 'type'>, ctx: CommandContext) {
  await executeCommand(deps, applicationStream(applicationId), applicationDecider, (s) => decideApplication(s, { type: 'ApproveApplication', ...command }), ctx);
  return openAccount(deps, applicationId, ctx);
}

async function openAccount(deps: Deps, applicationId: string, ctx: CommandContext) {
  const recorded = (await deps.eventStore.readStream(applicationStream(applicationId))) as unknown as ApplicationEvent[];
  const application = recorded.reduce(applicationDecider.evolve, applicationDecider.initialState());
  const approved = recorded.find((e): e is Extract<ApplicationEvent, { type: 'ApplicationApproved' }> => e.type === 'ApplicationApproved');
  if (application.status !== 'approved' || !approved) throw new Error(`Application ${applicationId} is not approved`);
  const terms = approved.data;
  const { details } = application;
  const userId = terms.user_id;
  const id = (type: string) => deterministicEventId(applicationId, type);
  const events: AccountEvent[] = [
    {
      type: 'AffiliateAccountOpened',
      id: id('AffiliateAccountOpened'),
      data: {
        user_id: userId,
        application_id: applicationId,
        unique_id: terms.unique_id,
        email: details.email,
        first_name: details.first_name,
        last_name: details.last_name,
        username: details.username,
        contact_method: details.contact_method,
        country: details.country,
      },
    },
    { type: 'PaymentSettingsChanged', id: id('PaymentSettingsChanged'), data: { payment_type: terms.payment_type, variant_id: terms.variant_id } },
  ];
  if (terms.manager_id) events.push({ type: 'ManagerAssigned', id: id('ManagerAssigned'), data: { manager_id: terms.manager_id } });
  if (details.referred_by !== null) events.push({ type: 'ReferrerAssigned', id: id('ReferrerAssigned'), data: { referred_by: details.referred_by } });
  if (terms.referral_commission_rate > 0) {
    events.push({ type: 'ReferralCommissionRateChanged', id: id('ReferralCommissionRateChanged'), data: { referral_commission_rate: terms.referral_commission_rate } });
  }
  const { events: appended } = await executeCommand(deps, userStream(userId), accountDecider, (state) => (state.status === 'none' ? events : []), ctx);
  if (appended.length) await deps.mail.enqueue(welcomeEmail(details.email, details.first_name, terms.unique_id, deps.publicUrl));
  return { userId, uniqueId: terms.unique_id };
}

/** Opens the accounts of approvals that a stopped process approved but did not finish. */
export async function resumeAccountOpenings(deps: Deps): Promise<void> {
  const { rows } = await deps.pool.query<{ id: string }>(
    `SELECT a.id FROM rm_applications a WHERE a.status = 'approved' AND NOT EXISTS (SELECT 1 FROM rm_users u WHERE u.id = a.id)`,
  );
  for (const { id } of rows) await openAccount(deps, id, systemContext());
}
