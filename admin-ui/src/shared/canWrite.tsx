import type { Role } from '@affilux/contract';
import type { ReactNode } from 'react';
import { usePermissions } from 'react-admin';

/**
 * Whether the signed-in user may change anything: admins write, auditors only read (the server
 * answers 403 to their writes anyway). While the role is loading, nothing writable is shown.
 */
export const useCanWrite = (): boolean => usePermissions<Role>().permissions === 'admin';

/** A write control (button, toolbar, dialog opener): rendered for admins only, absent for auditors. */
export const AdminOnly = ({ children }: { children: ReactNode }) => (useCanWrite() ? <>{children}</> : null);
