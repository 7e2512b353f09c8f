import { useState, type ReactNode } from 'react';
import { FormDialog } from './FormDialog';
import { CarefulConfirm } from './CarefulConfirm';

interface ConfirmedFormDialogProps {
  title: string;
  busy: boolean;
  onClose: () => void;
  submitLabel: string;
  submitTestId: string;
  /** The form's rules pass: submitting then asks for the confirmation. */
  valid: boolean;
  confirm: { title: string; content: string; options: Record<string, unknown>; color?: 'primary' | 'warning' };
  /** Runs the change once confirmed; true when it was recorded (the dialog then closes). */
  onConfirm: () => Promise<boolean>;
  maxWidth?: 'xs' | 'sm';
  /** The fields; `tried` turns on their error messages once the form was submitted. */
  children: (tried: boolean) => ReactNode;
}

/** A modal form whose change is confirmed before it is recorded (money movements of the back office). */
export const ConfirmedFormDialog = ({ title, busy, onClose, submitLabel, submitTestId, valid, confirm, onConfirm, maxWidth, children }: ConfirmedFormDialogProps) => {
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = async () => {
    const saved = await onConfirm();
    setConfirming(false);
    if (saved) onClose();
  };
  return (
    <>
      <FormDialog
        title={title}
        busy={busy}
        onClose={onClose}
        onSubmit={() => {
          setTried(true);
          if (valid) setConfirming(true);
        }}
        submitLabel={submitLabel}
        submitTestId={submitTestId}
        maxWidth={maxWidth}
      >
        {children(tried)}
      </FormDialog>
      <CarefulConfirm
        isOpen={confirming}
        loading={busy}
        title={confirm.title}
        content={confirm.content}
        contentTranslateOptions={confirm.options}
        confirmColor={confirm.color ?? 'primary'}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
