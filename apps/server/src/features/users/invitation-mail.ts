import type { MailMessage } from '../../notify/mail';
import { mailBody } from '../../notify/mail-text';
import { TOKEN_TTL_MINUTES } from '../auth/password.service';

/** The invitation to a new account: Romanian, signed by the clinic, with the set-password link. */
export function invitationMail(
  to: { nume: string; email: string },
  link: string,
  clinicName: string,
): MailMessage {
  const hours = TOKEN_TTL_MINUTES.invite / 60;
  const body = mailBody([
    `Bună ziua, ${to.nume},`,
    `${clinicName} v-a invitat în Odonto, aplicația clinicii pentru pacienți, tratamente și programări. ` +
      `Pentru a vă activa contul, alegeți-vă parola deschizând link-ul de mai jos (valabil ${hours} de ore, ` +
      'o singură dată):',
    { link, label: 'Alegeți parola' },
    `După aceea vă autentificați cu adresa ${to.email} și parola aleasă. Dacă nu vă așteptați la această ` +
      'invitație, ignorați acest mesaj.',
    clinicName,
  ]);
  return { to: to.email, subject: `Invitație în Odonto — ${clinicName}`, ...body };
}
