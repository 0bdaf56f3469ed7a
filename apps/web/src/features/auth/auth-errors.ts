import { MESSAGES } from '@odonto/domain/messages';
import { isApiError } from '../../lib/http';

/** The Romanian text the login screen shows for a failed sign-in (the server's own words). */
export function loginErrorMessage(error: unknown): string {
  // A 401 without the usual error body still means the credentials were refused.
  if (isApiError(error, 401) && error.code === 'http_error') return MESSAGES.wrongPassword;
  if (isApiError(error)) return error.message;
  return MESSAGES.serverError;
}

/** The text for a failed reset request; a 404 means the email is not known. */
export function forgotPasswordErrorMessage(error: unknown): { message: string; isNoEmail: boolean } {
  if (isApiError(error, 404)) return { message: MESSAGES.unknownEmail, isNoEmail: true };
  if (isApiError(error)) return { message: error.message, isNoEmail: false };
  return { message: MESSAGES.serverError, isNoEmail: false };
}
