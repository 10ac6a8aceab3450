import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { ConfigProvider } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { FullScreenSpinner } from './components/FullScreenSpinner';
import { RequireBusiness } from './components/RequireBusiness';
import { BusinessSwitchProvider } from './components/useBusinessSwitch';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { NotificationsProvider, useNotificationProvider } from './providers/notifications';
import { resources } from './resources';
import { theme } from './theme';

// Each screen is its own chunk: /login loads only what sign-in needs.
const AppLayout = lazy(() => import('./components/layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage'));
const AddNewBusinessPage = lazy(() => import('./pages/add-new-business/AddNewBusinessPage'));
const ContactsPage = lazy(() => import('./pages/contacts/ContactsPage'));
const CampaignsPage = lazy(() => import('./pages/campaigns/CampaignsPage'));
const CreateCampaignPage = lazy(() => import('./pages/campaigns/create/CreateCampaignPage'));
const CampaignDetailsPage = lazy(() => import('./pages/campaigns/details/CampaignDetailsPage'));
const ReputationPage = lazy(() => import('./pages/reputation/ReputationPage'));

const spinner = <FullScreenSpinner />;

/** Public screens: an already signed-in user goes on to /dashboard. */
function PublicOnly({ children, name }: { children: ReactNode; name: string }) {
  return (
    <Authenticated key={name} loading={spinner} fallback={children}>
      <Navigate to="/dashboard" replace />
    </Authenticated>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={spinner}>
      <Routes>
        <Route path="/login" element={<PublicOnly name="login"><LoginPage /></PublicOnly>} />
        <Route path="/register" element={<PublicOnly name="register"><RegisterPage /></PublicOnly>} />
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
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/add-new-business" element={<AddNewBusinessPage />} />
          <Route element={<RequireBusiness />}>
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/campaigns" element={<Outlet />}>
              <Route index element={<CampaignsPage />} />
              <Route path="create-new-campaign" element={<CreateCampaignPage />} />
              <Route path=":id" element={<CampaignDetailsPage />} />
            </Route>
            <Route path="/reputation" element={<ReputationPage />} />
          </Route>
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
      resources={resources}
      options={{ syncWithLocation: false, warnWhenUnsavedChanges: false, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      {children}
    </Refine>
  );
}

/** Providers nest as ConfigProvider > notifications (one toast, 5 s, pause on hover) > Refine. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
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
