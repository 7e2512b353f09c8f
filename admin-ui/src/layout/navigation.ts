import ApplicationsIcon from '@mui/icons-material/AssignmentInd';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ImportsIcon from '@mui/icons-material/UploadFile';
import MessagesIcon from '@mui/icons-material/Mail';
import OffersIcon from '@mui/icons-material/LocalOffer';
import ManagersIcon from '@mui/icons-material/SupportAgent';
import PaymentsIcon from '@mui/icons-material/Payments';
import PptVariantsIcon from '@mui/icons-material/Science';
import SalesVariantsIcon from '@mui/icons-material/ShoppingCart';
import UsersIcon from '@mui/icons-material/People';
import type { SvgIconComponent } from '@mui/icons-material';
import { useBasename, useTranslate } from 'react-admin';

interface NavigationItem {
  path: string;
  labelKey: string;
  icon: SvgIconComponent;
}

/** The admin shell's navigation (spec: admin-back-office.md, "Admin shell"), in display order. */
const navigationItems: NavigationItem[] = [
  { path: '', labelKey: 'app.menu.dashboard', icon: DashboardIcon },
  { path: '/applications', labelKey: 'app.menu.applications', icon: ApplicationsIcon },
  { path: '/offers', labelKey: 'app.menu.offers', icon: OffersIcon },
  { path: '/users', labelKey: 'app.menu.users', icon: UsersIcon },
  { path: '/messages', labelKey: 'app.menu.messages', icon: MessagesIcon },
  { path: '/managers', labelKey: 'app.menu.managers', icon: ManagersIcon },
  { path: '/ppt-variants', labelKey: 'app.menu.ppt_variants', icon: PptVariantsIcon },
  { path: '/sales-variants', labelKey: 'app.menu.sales_variants', icon: SalesVariantsIcon },
  { path: '/payments', labelKey: 'app.menu.payments', icon: PaymentsIcon },
  { path: '/imports', labelKey: 'app.imports.menu', icon: ImportsIcon },
];

export interface NavigationLink {
  to: string;
  label: string;
  icon: SvgIconComponent;
  /** The dashboard is only active on /admin itself, not on every page under it. */
  end: boolean;
}

export const useNavigationLinks = (): NavigationLink[] => {
  const basename = useBasename();
  const translate = useTranslate();
  return navigationItems.map(({ path, labelKey, icon }) => ({
    to: `${basename}${path}` || '/',
    label: translate(labelKey),
    icon,
    end: path === '',
  }));
};
