import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '@odonto/domain/roles';
import { MESSAGES } from '@odonto/domain/messages';
import type { LoginResponse } from '@odonto/domain/contracts/auth';
import { usePageTitle } from '../../ui/use-page-title';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { NewPasswordForm } from './new-password-form';
import { ResetRequestForm } from './reset-request-form';
import { resetLinkFrom } from './reset-link';

/** SPEC.md §2 login screen modes; 'new-password' comes from the reset link's query values. */
export type LoginMode = 'login' | 'reset' | 'sent' | 'new-password';

const TITLES: Record<LoginMode, string> = {
  login: 'Autentificare',
  reset: 'Resetare parolă',
  sent: 'Verificați emailul',
  'new-password': 'Parolă nouă',
};

export const PASSWORD_SAVED_MESSAGE = 'Parola a fost schimbată. Vă puteți autentifica cu parola nouă.';

export interface LoginPageProps {
  /** Called after a new password was saved (SPEC.md §4 "runs a callback"). */
  onPasswordSaved?: () => void;
}

/** The login screen with its four modes and its error flag (SPEC.md §2, §4, §8). */
export function LoginPage({ onPasswordSaved }: LoginPageProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
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
            onSuccess={handleLoggedIn}
            onError={setErrorMessage}
            onForgotPassword={() => handleSwitchMode('reset')}
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
            <Button onClick={() => handleSwitchMode('login')}>login</Button>
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
