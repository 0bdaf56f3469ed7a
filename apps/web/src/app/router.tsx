import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, useRouteError, type RouteObject } from 'react-router';
import { canOpenCalendar } from '../features/appointments/calendar-access';
import { canOpenAudit } from '../features/audit/audit-access';
import { canOpenInvoices } from '../features/invoices/invoices-access';
import { canOpenAccount } from '../features/ledger/account-access';
import { canOpenPlans } from '../features/plans/plan-access';
import { canOpenPriceList } from '../features/price-list/price-list-access';
import { canOpenReports } from '../features/reports/reports-access';
import { canOpenSignatureStation } from '../features/signatures/station-access';
import { useSession } from '../features/auth/api';
import type { SignInHeadStart } from '../features/auth/login-form';
import { canOpenPatients, canOpenSettings, canOpenSterilisation, canOpenUsers } from './access';
import { GuestOnly, RequireAccess, RequireSession, SetupGate } from './guards';
import { lazyPage, PageLoading, type LazyPageComponent } from './lazy-page';
import { prefetchLanding, prefetchPatientList, prefetchSession } from './prefetch';
import { PageError } from './page-error';
import { reportError } from './sentry';

/**
 * A screen whose code comes with the whole Mantine stylesheet (full-styles.ts) and the Romanian dates
 * (romanian-dates.ts): every screen but the sign-in screen and the patient list, which load only their
 * share of the stylesheet, and the signed-in shell brings the dates (issue 15's budgets).
 */
function screen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyPage(() =>
    Promise.all([import('./full-styles'), import('./romanian-dates'), load()]).then(([, , Page]) => Page),
  );
}

/** The signed-in shell: the menu, the header and, with it, the rest of the stylesheet. */
const AppLayout = lazyPage(() => import('./app-layout').then((m) => m.AppLayout));
const LoginPage = lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage));
const ProfileRoute = screen(() => import('./profile-route').then((m) => m.ProfileRoute));
const SetupPage = screen(() => import('../features/auth/setup-page').then((m) => m.SetupPage));
const NotFoundPage = lazyPage(() => import('./not-found-page').then((m) => m.NotFoundPage));
const UsersPage = screen(() => import('../features/users/users-page').then((m) => m.UsersPage));
const SterilisationPage = screen(() =>
  import('../features/sterilisation/sterilisation-page').then((m) => m.SterilisationPage),
);
const ReviewsPage = screen(() => import('../features/reviews/reviews-page').then((m) => m.ReviewsPage));
const PublicReviewPage = screen(() =>
  import('../features/reviews/public-review-page').then((m) => m.PublicReviewPage),
);
const PatientListPage = lazyPage(() =>
  import('../features/patients/patient-list-page').then((m) => m.PatientListPage),
);
const PatientAddPage = screen(() =>
  import('../features/patients/patient-add-page').then((m) => m.PatientAddPage),
);
const PatientEditPage = screen(() =>
  import('../features/patients/patient-edit-page').then((m) => m.PatientEditPage),
);
const PatientLayout = screen(() =>
  import('../features/patients/patient-layout').then((m) => m.PatientLayout),
);
const SettingsPage = screen(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const PriceListPage = screen(() =>
  import('../features/price-list/price-list-page').then((m) => m.PriceListPage),
);
const AppointmentsPage = screen(() =>
  import('../features/appointments/appointments-page').then((m) => m.AppointmentsPage),
);
const DocumentsPage = screen(() =>
  import('../features/documents/documents-page').then((m) => m.DocumentsPage),
);
const HistoryPage = screen(() => import('../features/history/history-page').then((m) => m.HistoryPage));
const PlansPage = screen(() => import('../features/plans/plans-page').then((m) => m.PlansPage));
const ReportsPage = screen(() => import('../features/reports/reports-page').then((m) => m.ReportsPage));
const AccountPage = screen(() => import('../features/ledger/account-page').then((m) => m.AccountPage));
const InvoicesPage = screen(() => import('../features/invoices/invoices-page').then((m) => m.InvoicesPage));
const ChartPage = screen(() => import('../features/chart/chart-page').then((m) => m.ChartPage));
const AuditPage = screen(() => import('../features/audit/audit-page').then((m) => m.AuditPage));
const CalendarPage = screen(() =>
  import('../features/appointments/calendar-page').then((m) => m.CalendarPage),
);
const SignatureStationPage = screen(() =>
  import('../features/signatures/station-page').then((m) => m.SignatureStationPage),
);

// The modal, confirmation and print hosts are for signed-in screens: their code (Mantine's modal and its
// focus trap and scroll lock) comes with the session, not with the sign-in screen.
const ModalHost = lazy(() => import('../ui/modal-host').then((m) => ({ default: m.ModalHost })));
const ConfirmHost = lazy(() => import('../ui/confirm-host').then((m) => ({ default: m.ConfirmHost })));
const PrintHost = lazy(() => import('../features/print/print-host').then((m) => ({ default: m.PrintHost })));

function SignedInHosts() {
  const session = useSession();
  if (!session.data) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
      <ConfirmHost />
      <PrintHost />
    </Suspense>
  );
}

/**
 * A route loader that starts loading the screens' code as the navigation starts, in parallel with the
 * shell's and with the screen's data, instead of after the parent has rendered (issue 20). It returns at
 * once: the screens show their own loading state as before.
 */
function preloading(...pages: readonly Pick<LazyPageComponent<object>, 'preload'>[]) {
  return () => {
    for (const page of pages) page.preload();
    return null;
  };
}

/**
 * A loader runs when its route is entered, never again while it stays (a new page or filter of the same
 * screen): a navigation with no loader to run is committed at once, as before the loaders, so a quick
 * second click reads the address the first one made.
 */
const onEntryOnly = () => false;

/** Every route sits under the setup gate; the modal and confirmation hosts live inside the router. */
function Root() {
  return (
    <>
      <SetupGate setup={<SetupPage />}>
        <Outlet />
      </SetupGate>
      <SignedInHosts />
    </>
  );
}

function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <PageError kind="render" onRetry={() => window.location.reload()} />;
}

/**
 * SPEC.md §2 routes; `handle.name` keeps the spec's route names. Each route's loader starts its screen's
 * code; with the app's QueryClient the root's loader also asks for the session and the patient list's
 * for its page of patients, at the start of the navigation (issue 20).
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const patientListLoader = ({ request }: { request: Request }) => {
    PatientListPage.preload();
    if (queryClient) void prefetchPatientList(queryClient, request.url);
    return null;
  };
  const signInHeadStart: SignInHeadStart = {
    onSubmitted: () => {
      AppLayout.preload();
      PatientListPage.preload();
    },
    onPasswordAccepted: prefetchLanding,
  };
  return [
    {
      // The page a patient opens from a review link: public, phone-sized, outside the setup gate and the
      // signed-in shell.
      path: 'review/:token',
      handle: { name: 'review' },
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      shouldRevalidate: onEntryOnly,
      loader: preloading(PublicReviewPage),
      element: <PublicReviewPage />,
    },
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      loader: () => {
        if (queryClient) prefetchSession(queryClient);
        return null;
      },
      // The session is kept fresh by its own query; a change of the address needs no new check.
      shouldRevalidate: () => false,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        {
          path: 'login',
          handle: { name: 'login' },
          shouldRevalidate: onEntryOnly,
          loader: preloading(LoginPage),
          element: (
            <GuestOnly>
              <LoginPage headStart={signInHeadStart} />
            </GuestOnly>
          ),
        },
        {
          shouldRevalidate: onEntryOnly,
          loader: preloading(AppLayout),
          element: (
            <RequireSession>
              <AppLayout />
            </RequireSession>
          ),
          children: [
            // Every signed-in user's own account (issue 16: two-factor sign-in).
            {
              path: 'profil',
              handle: { name: 'profil' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(ProfileRoute),
              element: <ProfileRoute />,
            },
            {
              path: 'utilizatori',
              handle: { name: 'utilizatori' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(UsersPage),
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
                {
                  index: true,
                  handle: { name: 'list-pacients' },
                  shouldRevalidate: onEntryOnly,
                  loader: patientListLoader,
                  element: <PatientListPage />,
                },
                {
                  path: 'list',
                  handle: { name: 'list-pacients' },
                  shouldRevalidate: onEntryOnly,
                  loader: patientListLoader,
                  element: <PatientListPage />,
                },
                {
                  path: 'add',
                  handle: { name: 'add-patient' },
                  shouldRevalidate: onEntryOnly,
                  loader: preloading(PatientAddPage),
                  element: <PatientAddPage />,
                },
                {
                  // The patient header and right side menu around each of the patient's screens.
                  shouldRevalidate: onEntryOnly,
                  loader: preloading(PatientLayout),
                  element: <PatientLayout />,
                  children: [
                    {
                      path: 'edit/:id',
                      handle: { name: 'edit' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(PatientEditPage),
                      element: <PatientEditPage />,
                    },
                    {
                      path: 'programari/:id',
                      handle: { name: 'programari' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(AppointmentsPage),
                      element: <AppointmentsPage />,
                    },
                    {
                      path: 'docs/:id',
                      handle: { name: 'docs' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(DocumentsPage),
                      element: <DocumentsPage />,
                    },
                    {
                      path: 'history/:id',
                      handle: { name: 'history' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(HistoryPage),
                      element: <HistoryPage />,
                    },
                    {
                      path: 'schita/:id',
                      handle: { name: 'schita' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(ChartPage),
                      element: <ChartPage />,
                    },
                    {
                      path: 'plan/:id',
                      handle: { name: 'plan' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(PlansPage),
                      element: (
                        <RequireAccess allow={canOpenPlans}>
                          <PlansPage />
                        </RequireAccess>
                      ),
                    },
                    {
                      path: 'cont/:id',
                      handle: { name: 'cont' },
                      shouldRevalidate: onEntryOnly,
                      loader: preloading(AccountPage),
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
              shouldRevalidate: onEntryOnly,
              loader: preloading(SettingsPage),
              element: (
                <RequireAccess allow={canOpenSettings}>
                  <SettingsPage />
                </RequireAccess>
              ),
            },
            {
              path: 'facturi',
              handle: { name: 'facturi' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(InvoicesPage),
              element: (
                <RequireAccess allow={canOpenInvoices}>
                  <InvoicesPage />
                </RequireAccess>
              ),
            },
            {
              path: 'preturi',
              handle: { name: 'preturi' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(PriceListPage),
              element: (
                <RequireAccess allow={canOpenPriceList}>
                  <PriceListPage />
                </RequireAccess>
              ),
            },
            {
              path: 'sterilizare',
              handle: { name: 'sterilizare' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(SterilisationPage),
              element: (
                <RequireAccess allow={canOpenSterilisation}>
                  <SterilisationPage />
                </RequireAccess>
              ),
            },
            {
              path: 'reviews',
              handle: { name: 'reviews' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(ReviewsPage),
              element: <ReviewsPage />,
            },
            {
              path: 'rapoarte',
              handle: { name: 'rapoarte' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(ReportsPage),
              element: (
                <RequireAccess allow={canOpenReports}>
                  <ReportsPage />
                </RequireAccess>
              ),
            },
            {
              path: 'calendar',
              handle: { name: 'calendar' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(CalendarPage),
              element: (
                <RequireAccess allow={canOpenCalendar}>
                  <CalendarPage />
                </RequireAccess>
              ),
            },
            {
              path: 'audit',
              handle: { name: 'audit' },
              shouldRevalidate: onEntryOnly,
              loader: preloading(AuditPage),
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
          shouldRevalidate: onEntryOnly,
          loader: preloading(SignatureStationPage),
          element: (
            <RequireSession>
              <RequireAccess allow={canOpenSignatureStation}>
                <SignatureStationPage />
              </RequireAccess>
            </RequireSession>
          ),
        },
        {
          path: '*',
          shouldRevalidate: onEntryOnly,
          loader: preloading(NotFoundPage),
          element: <NotFoundPage />,
        },
      ],
    },
  ];
}

/** The routes without a QueryClient: each screen's code is still started by its loader. */
export const routes: RouteObject[] = createRoutes();

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
