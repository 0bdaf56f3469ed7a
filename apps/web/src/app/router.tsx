import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useRouteError, type RouteObject } from 'react-router';
import { canOpenCalendar } from '../features/appointments/calendar-access';
import { canOpenAudit } from '../features/audit/audit-access';
import { canOpenInvoices } from '../features/invoices/invoices-access';
import { canOpenAccount } from '../features/ledger/account-access';
import { canOpenPlans } from '../features/plans/plan-access';
import { PrintHost } from '../features/print/print-host';
import { canOpenPriceList } from '../features/price-list/price-list-access';
import { canOpenReports } from '../features/reports/reports-access';
import { canOpenSignatureStation } from '../features/signatures/station-access';
import { ConfirmHost } from '../ui/confirm-host';
import { ModalHost } from '../ui/modal-host';
import { canOpenPatients, canOpenSettings, canOpenSterilisation, canOpenUsers } from './access';
import { AppLayout } from './app-layout';
import { GuestOnly, RequireAccess, RequireSession, SetupGate } from './guards';
import { lazyPage } from './lazy-page';
import { PageError } from './page-error';
import { reportError } from './sentry';

const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const ProfileRoute = lazyPage(() => import('./profile-route').then((m) => m.ProfileRoute));
const SetupPage = lazyPage(() => import('../features/auth/setup-page').then((m) => m.SetupPage));
const NotFoundPage = lazyPage(() => import('./not-found-page').then((m) => m.NotFoundPage));
const UsersPage = lazyPage(() => import('../features/users/users-page').then((m) => m.UsersPage));
const SterilisationPage = lazyPage(() =>
  import('../features/sterilisation/sterilisation-page').then((m) => m.SterilisationPage),
);
const ReviewsPage = lazyPage(() => import('../features/reviews/reviews-page').then((m) => m.ReviewsPage));
const PublicReviewPage = lazyPage(() =>
  import('../features/reviews/public-review-page').then((m) => m.PublicReviewPage),
);
const PatientListPage = lazyPage(() =>
  import('../features/patients/patient-list-page').then((m) => m.PatientListPage),
);
const PatientAddPage = lazyPage(() =>
  import('../features/patients/patient-add-page').then((m) => m.PatientAddPage),
);
const PatientEditPage = lazyPage(() =>
  import('../features/patients/patient-edit-page').then((m) => m.PatientEditPage),
);
const PatientLayout = lazyPage(() =>
  import('../features/patients/patient-layout').then((m) => m.PatientLayout),
);
const SettingsPage = lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const PriceListPage = lazyPage(() =>
  import('../features/price-list/price-list-page').then((m) => m.PriceListPage),
);
const AppointmentsPage = lazyPage(() =>
  import('../features/appointments/appointments-page').then((m) => m.AppointmentsPage),
);
const DocumentsPage = lazyPage(() =>
  import('../features/documents/documents-page').then((m) => m.DocumentsPage),
);
const HistoryPage = lazyPage(() => import('../features/history/history-page').then((m) => m.HistoryPage));
const PlansPage = lazyPage(() => import('../features/plans/plans-page').then((m) => m.PlansPage));
const ReportsPage = lazyPage(() => import('../features/reports/reports-page').then((m) => m.ReportsPage));
const AccountPage = lazyPage(() => import('../features/ledger/account-page').then((m) => m.AccountPage));
const InvoicesPage = lazyPage(() => import('../features/invoices/invoices-page').then((m) => m.InvoicesPage));
const ChartPage = lazyPage(() => import('../features/chart/chart-page').then((m) => m.ChartPage));
const AuditPage = lazyPage(() => import('../features/audit/audit-page').then((m) => m.AuditPage));
const CalendarPage = lazyPage(() =>
  import('../features/appointments/calendar-page').then((m) => m.CalendarPage),
);
const SignatureStationPage = lazyPage(() =>
  import('../features/signatures/station-page').then((m) => m.SignatureStationPage),
);

/** Every route sits under the setup gate; the modal and confirmation hosts live inside the router. */
function Root() {
  return (
    <>
      <SetupGate setup={<SetupPage />}>
        <Outlet />
      </SetupGate>
      <ModalHost />
      <ConfirmHost />
      <PrintHost />
    </>
  );
}

function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <PageError kind="render" onRetry={() => window.location.reload()} />;
}

/** SPEC.md §2 routes; `handle.name` keeps the spec's route names. */
export const routes: RouteObject[] = [
  {
    // The page a patient opens from a review link: public, phone-sized, outside the setup gate and the
    // signed-in shell.
    path: 'review/:token',
    handle: { name: 'review' },
    errorElement: <RouteErrorPage />,
    element: <PublicReviewPage />,
  },
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        path: 'login',
        handle: { name: 'login' },
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        children: [
          // Every signed-in user's own account (issue 16: two-factor sign-in).
          { path: 'profil', handle: { name: 'profil' }, element: <ProfileRoute /> },
          {
            path: 'utilizatori',
            handle: { name: 'utilizatori' },
            element: (
              <RequireAccess allow={canOpenUsers}>
                <UsersPage />
              </RequireAccess>
            ),
          },
          {
            path: 'pacienti',
            element: (
              <RequireAccess allow={canOpenPatients}>
                <Outlet />
              </RequireAccess>
            ),
            children: [
              { index: true, handle: { name: 'list-pacients' }, element: <PatientListPage /> },
              { path: 'list', handle: { name: 'list-pacients' }, element: <PatientListPage /> },
              { path: 'add', handle: { name: 'add-patient' }, element: <PatientAddPage /> },
              {
                // The patient header and right side menu around each of the patient's screens.
                element: <PatientLayout />,
                children: [
                  { path: 'edit/:id', handle: { name: 'edit' }, element: <PatientEditPage /> },
                  { path: 'programari/:id', handle: { name: 'programari' }, element: <AppointmentsPage /> },
                  { path: 'docs/:id', handle: { name: 'docs' }, element: <DocumentsPage /> },
                  { path: 'history/:id', handle: { name: 'history' }, element: <HistoryPage /> },
                  { path: 'schita/:id', handle: { name: 'schita' }, element: <ChartPage /> },
                  {
                    path: 'plan/:id',
                    handle: { name: 'plan' },
                    element: (
                      <RequireAccess allow={canOpenPlans}>
                        <PlansPage />
                      </RequireAccess>
                    ),
                  },
                  {
                    path: 'cont/:id',
                    handle: { name: 'cont' },
                    element: (
                      <RequireAccess allow={canOpenAccount}>
                        <AccountPage />
                      </RequireAccess>
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: 'setari',
            handle: { name: 'setari' },
            element: (
              <RequireAccess allow={canOpenSettings}>
                <SettingsPage />
              </RequireAccess>
            ),
          },
          {
            path: 'facturi',
            handle: { name: 'facturi' },
            element: (
              <RequireAccess allow={canOpenInvoices}>
                <InvoicesPage />
              </RequireAccess>
            ),
          },
          {
            path: 'preturi',
            handle: { name: 'preturi' },
            element: (
              <RequireAccess allow={canOpenPriceList}>
                <PriceListPage />
              </RequireAccess>
            ),
          },
          {
            path: 'sterilizare',
            handle: { name: 'sterilizare' },
            element: (
              <RequireAccess allow={canOpenSterilisation}>
                <SterilisationPage />
              </RequireAccess>
            ),
          },
          { path: 'reviews', handle: { name: 'reviews' }, element: <ReviewsPage /> },
          {
            path: 'rapoarte',
            handle: { name: 'rapoarte' },
            element: (
              <RequireAccess allow={canOpenReports}>
                <ReportsPage />
              </RequireAccess>
            ),
          },
          {
            path: 'calendar',
            handle: { name: 'calendar' },
            element: (
              <RequireAccess allow={canOpenCalendar}>
                <CalendarPage />
              </RequireAccess>
            ),
          },
          {
            path: 'audit',
            handle: { name: 'audit' },
            element: (
              <RequireAccess allow={canOpenAudit}>
                <AuditPage />
              </RequireAccess>
            ),
          },
        ],
      },
      {
        // A tablet at the front desk: full screen, outside the menu layout (issue 8).
        path: 'statie-semnatura',
        handle: { name: 'statie-semnatura' },
        element: (
          <RequireSession>
            <RequireAccess allow={canOpenSignatureStation}>
              <SignatureStationPage />
            </RequireAccess>
          </RequireSession>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
