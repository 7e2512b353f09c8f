import { Route } from 'react-router-dom';
import { UserDetailPage } from './UserDetailPage';
import { UserStatisticsPage } from './UserStatisticsPage';

/** Under /admin/users: the detail page (also at /settings, the spec's settings link) and the statistics page. */
export const userRoutes = [
  <Route key="detail" path=":id" element={<UserDetailPage />} />,
  <Route key="settings" path=":id/settings" element={<UserDetailPage />} />,
  <Route key="statistics" path=":id/statistics" element={<UserStatisticsPage />} />,
];
