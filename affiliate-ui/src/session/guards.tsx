import { homePathOf } from '@affilux/contract';
import { Box, CircularProgress } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import type { User } from '../api/types';
import { useSession } from './SessionProvider';

/** The back office is another application served at /admin, so reaching it needs a full page load. */
export const ADMIN_APP_PATH = '/admin';

export function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="loading" />
    </Box>
  );
}

function LeaveForBackOffice() {
  useEffect(() => {
    window.location.assign(ADMIN_APP_PATH);
  }, []);
  return <FullPageSpinner />;
}

/** Login, register and reset-password: a signed-in user is sent home (contract `homePathOf`): /admin for admins and auditors, /affiliate for affiliates. */
export function AnonymousOnly() {
  const { user, loading } = useSession();
  if (loading) return <FullPageSpinner />;
  if (user && homePathOf(user.role) === ADMIN_APP_PATH) return <LeaveForBackOffice />;
  if (user) return <Navigate to={homePathOf(user.role)} replace />;
  return <Outlet />;
}

/** No session leads to /login; a session with another role is sent to /. */
export function RequireRole({ role }: { role: User['role'] }) {
  const { user, loading } = useSession();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== role) return <Navigate to="/" replace />;
  return <Outlet />;
}
