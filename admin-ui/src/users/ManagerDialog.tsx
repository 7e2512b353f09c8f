import type { AdminUserDetail } from '@affilux/contract';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useAffiluxActions } from '../providers/dataProvider';
import type { UserAction } from './useUserAction';
import { useUsersApi } from './usersApi';

/** Assigns a manager (a contact person) or none. */
export const ManagerDialog = ({ user, action, onClose }: { user: AdminUserDetail; action: UserAction; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { getManagers } = useAffiluxActions();
  const { assignManager } = useUsersApi();
  const managers = useQuery({ queryKey: ['applications', 'managers'], queryFn: () => getManagers() });
  useEffect(() => {
    if (managers.isError) notify('app.users.manager.load_error', { type: 'error' });
  }, [managers.isError, notify]);
  const [managerId, setManagerId] = useState(user.manager_id ?? '');
  const value = managers.data?.some((manager) => manager.id === managerId) ? managerId : '';

  const save = async () => {
    const saved = await action.run(() => assignManager(user.id, value || null), {
      success: translate('app.users.manager.saved'),
      error: translate('app.users.manager.error'),
    });
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={action.busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="manager-title">
      <DialogTitle id="manager-title">{translate('app.users.manager.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {translate('app.users.manager.intro', { name: `${user.first_name} ${user.last_name}` })}
        </DialogContentText>
        <TextField
          select
          label={translate('app.users.manager.label')}
          value={value}
          onChange={(event) => setManagerId(event.target.value)}
          disabled={!managers.data}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="manager-select"
        >
          <MenuItem value="">
            <em>{translate('app.users.manager.none')}</em>
          </MenuItem>
          {managers.data?.map((manager) => (
            <MenuItem key={manager.id} value={manager.id}>
              {manager.nom}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={action.busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={action.busy || !managers.data} data-testid="manager-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
