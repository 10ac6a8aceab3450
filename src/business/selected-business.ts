import { useSyncExternalStore } from 'react';
import { SELECTED_BUSINESS_STORAGE_KEY } from '#domain/messages';

export type SelectedBusiness = { id: number; name: string };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: SelectedBusiness | null = null;

function read(): SelectedBusiness | null {
  const raw = localStorage.getItem(SELECTED_BUSINESS_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

function parse(raw: string | null): SelectedBusiness | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SelectedBusiness>;
    return typeof value.id === 'number' && typeof value.name === 'string' ? { id: value.id, name: value.name } : null;
  } catch {
    return null;
  }
}

const notify = () => listeners.forEach((listener) => listener());

/** The selected business lives in local storage (key `selectedBusiness`), shared across tabs. */
export const selectedBusinessStore = {
  get: read,
  set(business: SelectedBusiness) {
    localStorage.setItem(SELECTED_BUSINESS_STORAGE_KEY, JSON.stringify({ name: business.name, id: business.id }));
    notify();
  },
  clear() {
    localStorage.removeItem(SELECTED_BUSINESS_STORAGE_KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key === SELECTED_BUSINESS_STORAGE_KEY && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useSelectedBusiness(): SelectedBusiness | null {
  return useSyncExternalStore(selectedBusinessStore.subscribe, selectedBusinessStore.get);
}
