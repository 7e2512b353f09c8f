import { Outlet } from 'react-router-dom';

export function AffiliateLayout() {
  return <Outlet />;
}
