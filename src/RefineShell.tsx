import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '#domain/password-reset';
import { BusinessScopedData } from './business/BusinessScopedData';
import { RequireBusiness } from './business/RequireBusiness';
import { BusinessSwitchProvider } from './business/useBusinessSwitch';
import { FullScreenSpinner } from './components/FullScreenSpinner';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { useNotificationProvider } from './providers/notifications';
import { refineResources, resources } from './resources';
import { PAGE_ACTIONS } from './resources/define';
import { screensOf } from './screens';

// Each screen is its own chunk (the resources' screens too).
const AppLayout = lazy(() => import('./components/layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/ResetPasswordPage'));

const spinner = <FullScreenSpinner />;

/**
 * Refine with the app's providers and resources. Its route-change handler is off: it asked the
 * server about the session on every navigation (and beside the guard's own check as the app
 * opens) and ignored the answer; the guards and the HTTP client's refresh on 401 do that work.
 */
export function RefineProviders({ children }: { children: ReactNode }) {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      notificationProvider={useNotificationProvider}
      i18nProvider={i18nProvider}
      resources={refineResources}
      options={{ syncWithLocation: false, warnWhenUnsavedChanges: false, disableTelemetry: true, disableRouteChangeHandler: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <BusinessScopedData>{children}</BusinessScopedData>
    </Refine>
  );
}

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
        const Page = screensOf(resource)[action];
        const path = resource[action];
        return Page && path ? [<Route key={`${resource.name}-${action}`} path={path} element={<Page />} />] : [];
      }),
    );
}

/** Every screen but sign-in (src/App.tsx), inside Refine. */
export default function RefineShell() {
  return (
    <RefineProviders>
      {/* Inside Refine: a screen loading its chunk must not hide (and pause) Refine's own tree. */}
      <Suspense fallback={spinner}>
        <Routes>
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
    </RefineProviders>
  );
}
