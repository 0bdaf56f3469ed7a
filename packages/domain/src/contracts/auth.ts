import { z } from 'zod';
import { MESSAGES } from '../messages';

export const email = z.string().trim().toLowerCase().email('Adresa de email nu este validă.').max(254);

/** SPEC.md §7 POST /api/login */
export const loginRequest = z.strictObject({
  email,
  password: z.string().min(1, 'Câmpul este obligatoriu.').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ name: z.string(), roles: z.array(z.string()) });
export type LoginResponse = z.infer<typeof loginResponse>;

/** SPEC.md §3 Session user, as GET /api/check-login answers it. */
export const sessionResponse = z.object({
  userCtx: z.object({ name: z.string(), roles: z.array(z.string()) }),
  user: z.object({
    _id: z.string(),
    nume: z.string(),
    functie: z.string(),
    email: z.string(),
    telefon: z.string(),
  }),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** The password rule: at least 10 characters and not the account's email. */
export function passwordProblem(password: string, accountEmail: string): string | null {
  if (password.length < 10) return MESSAGES.passwordTooShort;
  if (password.trim().toLowerCase() === accountEmail.trim().toLowerCase())
    return MESSAGES.passwordEqualsEmail;
  return null;
}

/** SPEC.md §7 POST /api/save-new-pass */
export const newPasswordRequest = z
  .strictObject({
    email,
    token: z.string().min(10).max(200),
    password: z.string().max(1024),
    confirm: z.string().min(1, 'Câmpul este obligatoriu.').max(1024),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (value.password !== value.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: MESSAGES.passwordsDiffer });
  });
export type NewPasswordRequest = z.infer<typeof newPasswordRequest>;

/** First-run setup: creates the first admin when the database has no user. */
export const setupRequest = z
  .strictObject({
    nume: z.string().trim().min(2, 'Numele este obligatoriu.').max(120),
    email,
    password: z.string().max(1024),
    confirm: z.string().max(1024),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (value.password !== value.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: MESSAGES.passwordsDiffer });
  });
export type SetupRequest = z.infer<typeof setupRequest>;

export const setupStatusResponse = z.object({ needsSetup: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

/** SPEC.md §7 GET /api/forgot-pass/{email} */
export const forgotPasswordParams = z.strictObject({ email });
export type ForgotPasswordParams = z.infer<typeof forgotPasswordParams>;
