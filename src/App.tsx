import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { ConfigProvider } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '#domain/password-reset';
import { BusinessScopedData } from './business/BusinessScopedData';
import { RequireBusiness } from './business/RequireBusiness';
import { BusinessSwitchProvider } from './business/useBusinessSwitch';
import { FullScreenSpinner } from './components/FullScreenSpinner';
import { cspNonce } from './csp-nonce';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { NotificationsProvider, useNotificationProvider } from './providers/notifications';
import { refineResources, resources } from './resources';
import { PAGE_ACTIONS } from './resources/define';
import { theme } from './theme';

// Each screen is its own chunk (the resources' screens too): /login loads only what sign-in needs.
const AppLayout = lazy(() => import('./components/layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/ResetPasswordPage'));

const spinner = <FullScreenSpinner />;

/** Public screens: an already signed-in user goes on to /dashboard. */
function PublicOnly({ children, name }: { children: ReactNode; name: string }) {
  return (
    <Authenticated key={name} loading={spinner} fallback={children}>
      <Navigate to="/dashboard" replace />
    </Authenticated>
  );
}

/** A route for each screen a resource declares, at the path of its Refine action (list, create, show...). */
function resourceRoutes(requiringBusiness: boolean) {
  return resources
    .filter((resource) => Boolean(resource.meta.requiresBusiness) === requiringBusiness)
    .flatMap((resource) =>
      PAGE_ACTIONS.flatMap((action) => {
        const Page = resource.pages?.[action];
        const path = resource[action];
        return Page && path ? [<Route key={`${resource.name}-${action}`} path={path} element={<Page />} />] : [];
      }),
    );
}

export function AppRoutes() {
  return (
    <Suspense fallback={spinner}>
      <Routes>
        <Route path="/login" element={<PublicOnly name="login"><LoginPage /></PublicOnly>} />
        <Route path="/register" element={<PublicOnly name="register"><RegisterPage /></PublicOnly>} />
        <Route path={FORGOT_PASSWORD_PATH} element={<PublicOnly name="forgot-password"><ForgotPasswordPage /></PublicOnly>} />
        {/* Not public-only: a link from the email works in a browser signed in to any account. */}
        <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
        <Route
          path="/"
          element={
            <Authenticated key="root" loading={spinner} fallback={<Navigate to="/login" replace />}>
              <Navigate to="/dashboard" replace />
            </Authenticated>
          }
        />
        <Route
          element={
            <Authenticated key="protected" loading={spinner} fallback={<Navigate to="/" replace />}>
              <BusinessSwitchProvider>
                <AppLayout />
              </BusinessSwitchProvider>
            </Authenticated>
          }
        >
          {resourceRoutes(false)}
          <Route element={<RequireBusiness />}>{resourceRoutes(true)}</Route>
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  );
}

function RefineApp({ children }: { children: ReactNode }) {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      notificationProvider={useNotificationProvider}
      i18nProvider={i18nProvider}
      resources={refineResources}
      options={{ syncWithLocation: false, warnWhenUnsavedChanges: false, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <BusinessScopedData>{children}</BusinessScopedData>
    </Refine>
  );
}

/** Providers nest as ConfigProvider > notifications (one toast, 5 s, pause on hover) > Refine. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} csp={{ nonce: cspNonce }}>
      <NotificationsProvider>
        <RefineApp>{children}</RefineApp>
      </NotificationsProvider>
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
