import { useQuery } from '@tanstack/react-query';
import { useAffiluxActions } from '../providers/dataProvider';

/** GET /applications/counts, under the resource's query key so react-admin's refresh reloads it too. */
export const useApplicationCounts = () => {
  const { getApplicationCounts } = useAffiluxActions();
  return useQuery({ queryKey: ['applications', 'counts'], queryFn: () => getApplicationCounts() });
};
