import type { AdminUserDetail } from '@affilux/contract';
import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ManagerSelect, useManagerChoices } from '../affiliateSettings/settingsChoices';
import { FormDialog } from '../dialogs/FormDialog';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** Assigns a manager (a contact person) or none. */
export const ManagerDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const { assignManager } = useUsersApi();
  const managers = useManagerChoices(translate('app.users.manager.load_error'));
  const [managerId, setManagerId] = useState(user.manager_id ?? '');
  // A manager deleted since it was assigned is no longer offered: the select then shows none.
  const value = managers?.some((manager) => manager.id === managerId) ? managerId : '';

  const save = async () => {
    const saved = await action.run(() => assignManager(user.id, value || null), {
      success: translate('app.users.manager.saved'),
      error: translate('app.users.manager.error'),
    });
    if (saved) onClose();
  };

  return (
    <FormDialog title={translate('app.users.manager.title')} busy={action.busy} onClose={onClose} onSubmit={save} submitDisabled={!managers} submitTestId="manager-save">
      <DialogContentText sx={{ mb: 1 }}>{translate('app.users.manager.intro', { name: `${user.first_name} ${user.last_name}` })}</DialogContentText>
      <ManagerSelect
        managers={managers}
        value={value}
        onChange={setManagerId}
        label={translate('app.users.manager.label')}
        noneLabel={translate('app.users.manager.none')}
        testId="manager-select"
      />
    </FormDialog>
  );
};
