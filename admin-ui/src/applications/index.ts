import ApplicationsIcon from '@mui/icons-material/AssignmentInd';
import type { Application } from '../types';
import { ApplicationList } from './ApplicationList';

export default {
  list: ApplicationList,
  icon: ApplicationsIcon,
  recordRepresentation: (application: Application) => `${application.first_name} ${application.last_name}`,
};
