import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasSession } from '../../providers/session';
import { FullScreenSpinner } from '../FullScreenSpinner';

/** The sign-in page's guard, without Refine: a signed-in user goes on to /dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void hasSession().then((authenticated) => current && setSignedIn(authenticated));
    return () => {
      current = false;
    };
  }, []);
  if (signedIn === null) return <FullScreenSpinner />;
  return signedIn ? <Navigate to="/dashboard" replace /> : children;
}
