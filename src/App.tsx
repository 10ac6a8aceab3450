import { ConfigProvider } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SignedOutOnly } from './components/auth/SignedOutOnly';
import { FullScreenSpinner } from './components/FullScreenSpinner';
import { cspNonce } from './csp-nonce';
import { NotificationsProvider } from './providers/notifications';
import { theme } from './theme';

// The sign-in page is the first screen most visits show: it loads only what it needs, none of
// Refine. Every other screen is under RefineShell, loaded with the first of them.
const RefineShell = lazy(() => import('./RefineShell'));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));

const spinner = <FullScreenSpinner />;

// Owners whose system asks for less motion get dialogs, menus and toasts that appear at once.
const prefersReducedMotion = typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
const appTheme = prefersReducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;

export function AppRoutes() {
  return (
    <Suspense fallback={spinner}>
      <Routes>
        <Route path="/login" element={<SignedOutOnly><LoginPage /></SignedOutOnly>} />
        <Route path="*" element={<RefineShell />} />
      </Routes>
    </Suspense>
  );
}

/** Providers nest as ConfigProvider > notifications (one toast, 5 s, pause on hover) > Refine (RefineShell). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme} csp={{ nonce: cspNonce }}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </ConfigProvider>
  );
}

export default function App() {
  return (
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  );
}
