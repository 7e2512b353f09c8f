import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface FormDialogProps {
  /** The id prefix of the title and the test ids (`<name>-dialog`, `<name>-save`). */
  name: string;
  title: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  saveLabel: string;
  maxWidth?: 'xs' | 'sm';
  /** Full screen on phones (long forms). */
  fullScreenOnPhones?: boolean;
  children: ReactNode;
}

/** A modal form: title, fields, Cancel and Save (both disabled while saving; the rules are checked by the caller, not by the browser). */
export const FormDialog = ({ name, title, busy, onSubmit, onClose, saveLabel, maxWidth = 'xs', fullScreenOnPhones, children }: FormDialogProps) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={fullScreenOnPhones && phone}
      maxWidth={maxWidth}
      aria-labelledby={`${name}-dialog-title`}
      slotProps={{ paper: { component: 'form', onSubmit, ...({ noValidate: true } as object) } }}
      data-testid={`${name}-dialog`}
    >
      <DialogTitle id={`${name}-dialog-title`}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {translate('ra.action.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`${name}-save`}>
          {saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
