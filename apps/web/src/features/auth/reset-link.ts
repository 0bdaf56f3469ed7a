/** Reads the reset link's `reset_pass` and `email` query values, when both are present. */
export function resetLinkFrom(params: URLSearchParams): { token: string; email: string } | null {
  const token = params.get('reset_pass');
  const email = params.get('email');
  return token && email ? { token, email } : null;
}
