import { Navigate, Outlet } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useBusinesses } from './useBusinesses';

/**
 * Screens that work on one business send the user to / while none is selected; while the first
 * business is still being selected (just signed in, on any screen size) they wait for it.
 */
export function RequireBusiness() {
  const { selected, pending } = useBusinesses();
  if (pending) return <FullScreenSpinner />;
  return selected ? <Outlet /> : <Navigate to="/" replace />;
}
