import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard; `copied` stays true for 2 seconds (spec: copy feedback); `copy` tells whether it worked. */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const { t } = useTranslation('offers');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      try {
        if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
        else throw new Error('no clipboard');
      } catch {
        // Older browsers and insecure origins: a hidden field and the copy command.
        const field = document.createElement('textarea');
        field.value = text;
        field.setAttribute('readonly', '');
        field.style.position = 'fixed';
        field.style.opacity = '0';
        document.body.appendChild(field);
        field.select();
        const done = document.execCommand('copy');
        field.remove();
        if (!done) {
          toast.error(t('copyError'));
          return false;
        }
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      return true;
    },
    [t],
  );
  return { copied, copy };
}
