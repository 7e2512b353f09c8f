import { Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslate } from 'react-admin';

interface FormDialogProps {
  title: string;
  /** Busy: the call is under way; the dialog cannot be closed and its buttons wait. */
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  submitColor?: 'primary' | 'success';
  submitTestId: string;
  /** An action on the left of Cancel (e.g. Clear). */
  extraAction?: ReactNode;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

/** A modal form of the back office: title, fields, Cancel and a submit button (Enter submits). */
export const FormDialog = ({
  title, busy, onClose, onSubmit, submitLabel, submitDisabled, submitColor = 'primary', submitTestId, extraAction, maxWidth = 'xs', children,
}: FormDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitDisabled) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {extraAction}
        <Button onClick={onClose} disabled={busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={submitColor} disabled={busy || submitDisabled} data-testid={submitTestId}>
          {submitLabel ?? translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
