import { usePreference, useSession } from '../../core/hooks';
import { DashboardPage } from '../dashboard';
import { CustomerPicker } from './CustomerPicker';

/** '/': the viewed user's dashboard; staff who have not chosen a customer yet choose one first. */
export function HomePage() {
  const { isStaff } = useSession();
  const [selected] = usePreference('selectedUser');
  return isStaff && !selected ? <CustomerPicker /> : <DashboardPage />;
}
