import type { AdminUserDetail } from '@affilux/contract';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ReferralCodeDialog } from '../affiliateSettings/ReferralCodeDialog';
import { formatAffiliateId } from '../format';
import { useReferralInfo } from './UserSections';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** Sets, changes or (empty code) removes the affiliate's sponsor: 5 digits, at least 10, not itself. */
export const ManageReferralDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { setReferrer } = useUsersApi();
  const info = useReferralInfo(user.id, false);

  const save = async (referredBy: number | null) => {
    const saved = await action.run(() => setReferrer(user.id, referredBy), {
      success: translate(referredBy === null ? 'app.users.referral.removed' : 'app.users.referral.assigned'),
      error: translate('app.users.referral.error'),
    });
    if (saved) onClose();
  };

  return (
    <ReferralCodeDialog
      messages="app.users.referral"
      name={`${user.first_name} ${user.last_name}`}
      initial={user.referred_by}
      ownId={user.unique_id}
      busy={action.busy}
      onSave={save}
      onClose={onClose}
      testIdPrefix="manage-referral"
    >
      {info.data && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="manage-referral-current">
          {info.data.referrer
            ? translate('app.users.referral.current', { name: info.data.referrer.name, id: formatAffiliateId(info.data.referrer.unique_id) })
            : translate('app.users.referral.no_sponsor')}
          {' · '}
          {translate('app.users.referral.sponsored', { smart_count: info.data.referredUsers.length })}
        </Typography>
      )}
    </ReferralCodeDialog>
  );
};
