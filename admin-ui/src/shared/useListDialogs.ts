import { useState } from 'react';
import { useRefresh } from 'react-admin';

type Open<T> = { kind: 'add' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T } | null;

/**
 * The modals of a catalogue list: add, edit, and the confirmation of a delete. Saving or deleting
 * closes the modal and reloads the list; `remove` reports its own outcome (toasts).
 */
export function useListDialogs<T>() {
  const refresh = useRefresh();
  const [open, setOpen] = useState<Open<T>>(null);
  const [deleting, setDeleting] = useState(false);
  const close = () => setOpen(null);
  return {
    open: setOpen,
    close,
    /** The modal form is open: for a new item (undefined) or the item to edit. */
    form: open?.kind === 'add' || open?.kind === 'edit' ? { item: open.kind === 'edit' ? open.item : undefined } : null,
    /** The item whose deletion is being confirmed. */
    toDelete: open?.kind === 'delete' ? open.item : undefined,
    saved: () => {
      close();
      refresh();
    },
    /** The props of react-admin's <Confirm> for the deletion, which `remove` carries out. */
    confirmProps(remove: (item: T) => Promise<void>) {
      return {
        isOpen: open?.kind === 'delete',
        loading: deleting,
        confirm: 'ra.action.delete',
        confirmColor: 'warning' as const,
        onClose: close,
        async onConfirm() {
          if (open?.kind !== 'delete') return;
          setDeleting(true);
          try {
            await remove(open.item);
          } finally {
            setDeleting(false);
            close();
            refresh();
          }
        },
      };
    },
  };
}
