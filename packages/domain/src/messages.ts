/** Romanian texts the API answers with, in one place so the server and the screens agree. */
export const MESSAGES = {
  invalidInput: 'Datele trimise nu sunt valide.',
  unauthenticated: 'Trebuie să vă autentificați.',
  forbidden: 'Nu aveți acces la această operațiune.',
  notFound: 'Resursa nu a fost găsită.',
  routeNotFound: 'Adresa cerută nu există.',
  badUrl: 'Adresa cerută nu este validă.',
  uriTooLong: 'Adresa cerută este prea lungă.',
  conflict: 'Datele au fost modificate între timp de altcineva.',
  serverError: 'Eroare server.',
  databaseBusy: 'Baza de date este ocupată. Încercați din nou în câteva secunde.',
  databaseUnreachable: 'Serverul nu este pregătit: baza de date nu răspunde.',
  migrationsPending:
    'Serverul nu este pregătit: baza de date nu a fost încă actualizată la această versiune.',
  fileStorageUnreachable: 'Serverul nu este pregătit: spațiul de stocare a fișierelor nu este accesibil.',
  tooLarge: 'Fișierul este prea mare.',
  unsupportedMedia: 'Tipul fișierului nu este acceptat.',
  csrf: 'Cererea a fost respinsă: lipsește antetul de securitate.',
  rateLimited: 'Prea multe cereri. Încercați din nou peste câteva minute.',
  idempotencyKeyInvalid: 'Antetul Idempotency-Key nu este valid: 1–200 caractere vizibile, fără spații.',
  idempotencyKeyReused: 'Cheia Idempotency-Key a fost folosită deja pentru o altă cerere.',
  idempotencyInProgress: 'Aceeași cerere este încă în lucru. Încercați din nou peste câteva secunde.',
  wrongPassword: 'emailul sau parola este incorectă.',
  unknownEmail: 'email inexistent.',
  inactiveAccount: 'Contul este dezactivat.',
  passwordsDiffer: 'Parolele nu coincid',
  resetTokenInvalid: 'Link-ul de resetare nu este valid sau a expirat.',
  resetEmailSent: 'Link-ul de resetare al parolei a fost trimis pe email.',
  setupDone: 'Aplicația are deja un administrator.',
  passwordTooShort: 'Parola trebuie să aibă cel puțin 10 caractere.',
  passwordEqualsEmail: 'Parola nu poate fi aceeași cu adresa de email.',
} as const;

/** A text field holding a control character (NUL, escape…): names the field. */
export function controlCharacterMessage(field: string): string {
  return `Câmpul „${field}” conține caractere de control nepermise.`;
}

/** 'Prea multe încercări…' with the time the caller may retry, e.g. 'peste 12 minute'. */
export function lockoutMessage(retryAfterSeconds: number): string {
  return `Prea multe încercări de autentificare. Încercați din nou peste ${minutesText(retryAfterSeconds)}.`;
}

/** "Ai uitat parola?" asked too often, with the time the caller may ask again. */
export function resetThrottledMessage(retryAfterSeconds: number): string {
  return `Prea multe cereri de resetare a parolei. Încercați din nou peste ${minutesText(retryAfterSeconds)}.`;
}

/** Whole minutes, rounded up, in Romanian: 'un minut', '12 minute', '20 de minute'. */
function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? 'un minut' : `${minutes} ${minutes < 20 ? 'minute' : 'de minute'}`;
}
