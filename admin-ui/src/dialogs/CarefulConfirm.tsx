import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Every confirmation of the back office (freeze, delete, reject, rotate or revoke a key, money
 * movements, the payout run), with react-admin's Confirm props, but opening on Cancel: react-admin's
 * puts the keyboard on the action, so Enter pressed twice (once to open, once more) would carry it
 * out unread.
 */
export const CarefulConfirm = ({
  isOpen, loading, title, content, translateOptions = {}, titleTranslateOptions = translateOptions, contentTranslateOptions = translateOptions, confirm = 'ra.action.confirm', confirmColor = 'primary',
  onConfirm, onClose,
}: {
  isOpen: boolean;
  loading?: boolean;
  title: string;
  content: string | ReactNode;
  translateOptions?: Record<string, unknown>;
  titleTranslateOptions?: Record<string, unknown>;
  contentTranslateOptions?: Record<string, unknown>;
  confirm?: string;
  confirmColor?: 'primary' | 'warning';
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    // Closed by Annuler or Escape, not by a click beside it: the second click of a double click on the button that opened it lands there.
    <Dialog open={isOpen} onClose={loading ? undefined : (_event, reason) => reason !== 'backdropClick' && onClose()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(title, { _: title, ...titleTranslateOptions })}</DialogTitle>
      <DialogContent>
        {typeof content === 'string' ? <DialogContentText>{translate(content, { _: content, ...contentTranslateOptions })}</DialogContentText> : content}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button autoFocus onClick={onClose} disabled={loading} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={() => void onConfirm()} disabled={loading}>
          {translate(confirm, { _: confirm })}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
