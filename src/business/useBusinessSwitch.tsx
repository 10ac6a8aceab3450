import { useNotification } from '@refinedev/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { limits, toasts } from '#domain/messages';
import { selectedBusinessStore, type SelectedBusiness } from './selected-business';

type BusinessSwitch = { switching: boolean; switchTo(business: SelectedBusiness): void };

const BusinessSwitchContext = createContext<BusinessSwitch>({ switching: false, switchTo: () => {} });

/** Switching: save the choice, show 'Retrieving business data...' for 2 s, go to /, then the toast. */
export function BusinessSwitchProvider({ children }: { children: ReactNode }) {
  const [switching, setSwitching] = useState(false);
  const navigate = useNavigate();
  const { open } = useNotification();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const switchTo = useCallback(
    (business: SelectedBusiness) => {
      selectedBusinessStore.set(business);
      setSwitching(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setSwitching(false);
        navigate('/');
        open?.({ type: 'success', key: 'business-changed', ...toasts.businessChanged(business.name) });
      }, limits.businessSwitchDelayMs);
    },
    [navigate, open],
  );

  return <BusinessSwitchContext.Provider value={{ switching, switchTo }}>{children}</BusinessSwitchContext.Provider>;
}

export const useBusinessSwitch = () => useContext(BusinessSwitchContext);
