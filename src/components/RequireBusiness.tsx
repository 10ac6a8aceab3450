import { Navigate, Outlet } from 'react-router';
import { useSelectedBusiness } from '../providers/selected-business';

/** Screens that work on one business send the user to / while none is selected. */
export function RequireBusiness() {
  const business = useSelectedBusiness();
  return business ? <Outlet /> : <Navigate to="/" replace />;
}
