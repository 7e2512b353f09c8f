import { AccountBalanceWalletOutlined } from '@mui/icons-material';
import { EmptySection } from './EmptySection';

export function AffiliatePaymentsPage() {
  return <EmptySection section="payments" icon={<AccountBalanceWalletOutlined />} />;
}
