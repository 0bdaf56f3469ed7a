import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '@odonto/domain/roles';
import { MESSAGES } from '@odonto/domain/messages';
import type { LoginResponse } from '@odonto/domain/contracts/auth';
import type { LoginAnswer, TotpSetup } from '@odonto/domain/contracts/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { lazyPage } from '../../app/lazy-page';
import { usePageTitle } from '../../ui/use-page-title';
import { AuthCard } from './auth-card';
import { LoginForm, type SignInHeadStart } from './login-form';
import { resetLinkFrom } from './reset-link';
import { sessionQuery } from './api';

// The other modes' forms come when a visitor opens them: signing in with a password draws only its own
// form, and the password reset and the two-factor step (3 KB compressed off the sign-in chunk, measured) are
// not among the sign-in screen's bytes (issue 15's budgets). Each comes with the loading flag, the
// 120-second time-out and the retry of a lazy page.
const CodeStep = lazyPage(() => import('./second-step').then((m) => m.CodeStep));
const SetupStep = lazyPage(() => import('./second-step').then((m) => m.SetupStep));
const ResetRequestForm = lazyPage(() => import('./reset-request-form').then((m) => m.ResetRequestForm));
const NewPasswordForm = lazyPage(() => import('./new-password-form').then((m) => m.NewPasswordForm));

/**
 * SPEC.md §2 login screen modes; 'new-password' comes from the reset link's query values; 'code' and
 * 'totp-setup' are the second step of a two-factor sign-in (decision 0027).
 */
export type LoginMode = 'login' | 'reset' | 'sent' | 'new-password' | 'code' | 'totp-setup';

const TITLES: Record<LoginMode, string> = {
  login: 'Autentificare',
  reset: 'Resetare parolă',
  sent: 'Verificați emailul',
  'new-password': 'Parolă nouă',
  code: 'Verificare în doi pași',
  'totp-setup': 'Autentificare în doi pași',
};

export const PASSWORD_SAVED_MESSAGE =
  'Parola a fost schimbată, iar sesiunile deschise pe orice dispozitiv au fost închise. Vă puteți autentifica cu parola nouă.';

export interface LoginPageProps {
  /** Called after a new password was saved (SPEC.md §4 "runs a callback"). */
  onPasswordSaved?: () => void;
  /** What the app starts ahead while the sign-in is on its way (the router's: issue 15's budgets). */
  headStart?: SignInHeadStart;
}

/** The login screen with its four modes and its error flag (SPEC.md §2, §4, §8). */
export function LoginPage({ onPasswordSaved, headStart }: LoginPageProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const resetLink = resetLinkFrom(searchParams);
  const [chosenMode, setChosenMode] = useState<Exclude<LoginMode, 'new-password'>>('login');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [isNoEmail, setIsNoEmail] = useState(false);
  const mode: LoginMode = resetLink ? 'new-password' : chosenMode;
  usePageTitle(TITLES[mode]);

  function clearError() {
    setErrorMessage(null);
    setIsNoEmail(false);
  }

  function handleSwitchMode(next: Exclude<LoginMode, 'new-password'>) {
    clearError();
    setChosenMode(next);
  }

  function handleLoggedIn(user: LoginResponse) {
    clearError();
    void navigate(landingPath(user.roles), { replace: true });
  }

  function handlePasswordAccepted(answer: LoginAnswer) {
    if (!('twoFactor' in answer)) return handleLoggedIn(answer);
    clearError();
    if (answer.twoFactor === 'setup') setSetup(answer.setup);
    setChosenMode(answer.twoFactor === 'setup' ? 'totp-setup' : 'code');
  }

  async function handleSecondStepDone(user: LoginResponse) {
    // The session exists now: the guards must see it before the landing page opens.
    await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    handleLoggedIn(user);
  }

  function handleRestart(message: string | null) {
    setSetup(null);
    setChosenMode('login');
    setErrorMessage(message);
  }

  function handleResetError(message: string, isUnknownEmail: boolean) {
    setErrorMessage(message);
    setIsNoEmail(isUnknownEmail);
  }

  function handlePasswordSaved() {
    clearError();
    notifications.show({ color: 'teal', title: 'Parolă salvată', message: PASSWORD_SAVED_MESSAGE });
    setChosenMode('login');
    void navigate('/login', { replace: true });
    onPasswordSaved?.();
  }

  function handleLeaveResetLink() {
    clearError();
    setChosenMode('login');
    void navigate('/login', { replace: true });
  }

  return (
    <AuthCard title={TITLES[mode]} description={resetLink ? resetLink.email : undefined}>
      <Stack gap="md">
        {errorMessage ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle />}
            data-testid="login-error"
          >
            {errorMessage}
          </Alert>
        ) : null}
        {mode === 'login' ? (
          <LoginForm
            headStart={headStart}
            onSuccess={handlePasswordAccepted}
            onError={setErrorMessage}
            onForgotPassword={() => handleSwitchMode('reset')}
          />
        ) : null}
        {mode === 'code' ? (
          <CodeStep onSignedIn={(user) => void handleSecondStepDone(user)} onRestart={handleRestart} />
        ) : null}
        {mode === 'totp-setup' && setup ? (
          <SetupStep
            setup={setup}
            onSignedIn={(user) => void handleSecondStepDone(user)}
            onRestart={handleRestart}
          />
        ) : null}
        {mode === 'reset' ? (
          <ResetRequestForm
            isNoEmail={isNoEmail}
            onSent={() => handleSwitchMode('sent')}
            onError={handleResetError}
            onBackToLogin={() => handleSwitchMode('login')}
          />
        ) : null}
        {mode === 'sent' ? (
          <Stack gap="md">
            <Alert color="teal" variant="light" icon={<IconMailCheck />} role="status">
              <Text size="sm">{MESSAGES.resetEmailSent}</Text>
            </Alert>
            <Button onClick={() => handleSwitchMode('login')}>Înapoi la autentificare</Button>
          </Stack>
        ) : null}
        {resetLink ? (
          <NewPasswordForm
            email={resetLink.email}
            token={resetLink.token}
            onSaved={handlePasswordSaved}
            onError={setErrorMessage}
            onBackToLogin={handleLeaveResetLink}
          />
        ) : null}
      </Stack>
    </AuthCard>
  );
}
