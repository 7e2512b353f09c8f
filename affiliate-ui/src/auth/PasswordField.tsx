import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password text field with a show/hide toggle. */
export function PasswordField({ testId, ...props }: TextFieldProps & { testId?: string }) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        // Inside the empty field, a long label ends before the toggle rather than running under it.
        inputLabel: { sx: { '&:not(.MuiInputLabel-shrink)': { maxWidth: 'calc(100% - 72px)' } } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setVisible((shown) => !shown)}
                aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
                data-testid={testId ? `${testId}-toggle` : undefined}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
