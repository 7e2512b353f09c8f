import ManagersIcon from '@mui/icons-material/SupportAgent';
import type { ManagerListItem } from '@affilux/contract';
import { ManagerList } from './ManagerList';

export default {
  list: ManagerList,
  icon: ManagersIcon,
  recordRepresentation: (manager: ManagerListItem) => manager.nom,
};
