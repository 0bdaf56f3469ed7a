import { z } from 'zod';
import { ASSIGNABLE_ROLES, type Role } from '../roles';
import { RULE_MESSAGES } from '../rules';
import { userLocationIds } from './locations';

/** Users per page of POST /api/get-utilizatori (SPEC.md §9 leaves it to the server). */
export const USER_PAGE_SIZE = 10;

/** Romanian texts of the users screen and API, shared so the server and the screen agree. */
export const USER_MESSAGES = {
  noRole: 'Alegeți cel puțin un rol.',
  unknownRole: 'Rol necunoscut.',
  emailTaken: 'Există deja un utilizator cu acest email.',
  /** SPEC.md §8: a 409 on saving a user marks the user as existing. */
  exists: 'Utilizatorul există deja.',
  notFound: 'Utilizatorul nu a fost găsit.',
  stale: 'Utilizatorul a fost modificat între timp de altcineva. Redeschideți-l pentru a vedea modificările.',
  selfDemote: 'Nu vă puteți retrage propriul rol de administrator.',
  selfDeactivate: 'Nu vă puteți dezactiva propriul cont.',
  selfDelete: 'Nu vă puteți șterge propriul cont.',
  lastAdmin: 'Clinica trebuie să aibă cel puțin un administrator activ.',
  emailMismatch: 'Adresa de email nu corespunde utilizatorului.',
  inviteInactive: 'Contul este dezactivat: activați-l înainte de a trimite invitația.',
  inviteAccepted: 'Utilizatorul și-a ales deja parola; o poate schimba cu „ai uitat parola?”.',
  phoneInvalid: 'Numărul de telefon nu este valid.',
} as const;

/** How the screen names each role. */
export const ROLE_LABELS: Record<Role, string> = {
  medic: 'Medic',
  asistent: 'Asistent',
  admin: 'Admin',
  sterilizare: 'Sterilizare',
  dinstitute_admin: 'Admin instituție',
};

const REQUIRED = RULE_MESSAGES.required;

const roleList = z
  .array(z.enum(ASSIGNABLE_ROLES, { error: USER_MESSAGES.unknownRole }))
  .min(1, USER_MESSAGES.noRole)
  .max(ASSIGNABLE_ROLES.length)
  // A role ticked twice is still one role; the order is kept, the first is the user's `rol`.
  .transform((roles) => [...new Set(roles)]);

/** The user form (SPEC.md §3 User): what an admin enters; a password is never part of it. */
export const userForm = z.strictObject({
  nume: z.string().trim().min(1, REQUIRED).max(120, 'Numele este prea lung.'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, REQUIRED)
    .max(254, RULE_MESSAGES.email)
    .email(RULE_MESSAGES.email),
  // SPEC.md §5: spaces are removed before saving; the server removes them too.
  telefon: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{6,15}$/, USER_MESSAGES.phoneInvalid)]))
    .default(''),
  functie: z.string().trim().max(80, 'Funcția este prea lungă.').default(''),
  roles: roleList,
  active: z.boolean().default(true),
  /**
   * Where the user works, in a clinic group (issue 14), saved with the user: absent, unchanged (none for a
   * new user); empty, every location.
   */
  locationIds: userLocationIds.optional(),
});
export type UserFormInput = z.input<typeof userForm>;
export type UserFormData = z.output<typeof userForm>;

/** POST /api/update-utilizator/{id}: the form plus the `version` it was loaded with (stale → 409). */
export const userUpdate = userForm.extend({ version: z.number().int().positive() });
export type UserUpdateInput = z.input<typeof userUpdate>;
export type UserUpdate = z.output<typeof userUpdate>;

/** A user as the users API answers it. */
export const user = z.object({
  _id: z.string(),
  nume: z.string(),
  email: z.string(),
  telefon: z.string(),
  functie: z.string(),
  roles: z.array(z.string()),
  /** The first role (SPEC.md §3). */
  rol: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
  /** False while the invitation has not been accepted (no password chosen yet). */
  hasPassword: z.boolean(),
  /** The locations the user works at (issue 14); empty or absent: every location. */
  locationIds: z.array(z.string()).optional(),
});
export type User = z.infer<typeof user>;

/** POST /api/get-utilizatori: the page index counts from 0 (SPEC.md §4). */
export const userListRequest = z.strictObject({
  page: z.number().int().min(0).max(100_000).default(0),
});
export type UserListRequest = z.input<typeof userListRequest>;

export const userListResponse = z.object({
  utilizatori: z.array(user),
  /** False on the last page. */
  isNextPage: z.boolean(),
});
export type UserListResponse = z.infer<typeof userListResponse>;

/** `/api/update-utilizator/{id}`, `/api/resend-invitation/{id}`. */
export const userIdParams = z.strictObject({ id: z.string().min(1).max(100) });

/** GET /api/delete-user/{email}/{userId}: both must name the same user. */
export const deleteUserParams = z.strictObject({
  email: z.string().trim().toLowerCase().email(RULE_MESSAGES.email).max(254),
  userId: z.string().min(1).max(100),
});
export type DeleteUserParams = z.infer<typeof deleteUserParams>;

export const deleteUserResponse = z.object({ id: z.string() });
