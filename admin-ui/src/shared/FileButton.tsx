import { Button, type ButtonProps } from '@mui/material';
import { useRef, type ReactNode } from 'react';

/**
 * A button that opens the file chooser by clicking its hidden input: a real button, where MUI's
 * usual recipe (a `label` given the button role) is a role a label may not take.
 */
export const FileButton = ({ accept, onFile, inputTestId, children, ...button }: Omit<ButtonProps, 'onClick' | 'component'> & {
  accept: string;
  onFile: (file: File) => void;
  inputTestId: string;
  children: ReactNode;
}) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>{children}</Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
};
