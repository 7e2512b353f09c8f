import UsersIcon from '@mui/icons-material/People';
import type { User } from '../types';
import { userRoutes } from './routes';
import { UserSearchPage } from './UserSearchPage';

export default {
  list: UserSearchPage,
  icon: UsersIcon,
  recordRepresentation: (user: User) => `${user.first_name} ${user.last_name}`,
  children: userRoutes,
};
