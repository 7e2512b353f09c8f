import type { Role } from '@affilux/contract';
import type { ReactNode } from 'react';
import { useBasename, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';

/**
 * Whether the signed-in user may change anything: admins write, auditors only read (the server
 * answers 403 to their writes anyway). While the role is loading, nothing writable is shown.
 */
export const useCanWrite = (): boolean => usePermissions<Role>().permissions === 'admin';

/** A write control (button, toolbar, dialog opener): rendered for admins only, absent for auditors. */
export const AdminOnly = ({ children }: { children: ReactNode }) => (useCanWrite() ? <>{children}</> : null);

/** A page that only writes (a create or edit form, the auditors' invitation): an auditor typing its address is sent to `fallback`. */
export const AdminPage = ({ children, fallback }: { children: ReactNode; fallback: string }) => {
  const { permissions, isPending } = usePermissions<Role>();
  const basename = useBasename();
  if (isPending) return null;
  return permissions === 'admin' ? <>{children}</> : <Navigate to={`${basename}${fallback}`} replace />;
};
