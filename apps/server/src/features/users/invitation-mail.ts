import type { MailMessage } from '../../notify/mail';
import { TOKEN_TTL_MINUTES } from '../auth/password.service';

/** The invitation to a new account: clinic-neutral Romanian text with the set-password link. */
export function invitationMail(to: { nume: string; email: string }, link: string): MailMessage {
  const hours = TOKEN_TTL_MINUTES.invite / 60;
  const validity = `valabil ${hours} de ore, o singură dată`;
  const text = [
    `Bună ziua, ${to.nume},`,
    '',
    'Ați fost invitat în Odonto, aplicația clinicii pentru pacienți, tratamente și programări.',
    `Pentru a vă activa contul, alegeți-vă parola deschizând link-ul de mai jos (${validity}):`,
    '',
    link,
    '',
    `După aceea vă autentificați cu adresa ${to.email} și parola aleasă.`,
    'Dacă nu vă așteptați la această invitație, ignorați acest mesaj.',
    '',
    'Odonto',
  ].join('\n');
  const html =
    `<p>Bună ziua, ${escapeHtml(to.nume)},</p>` +
    '<p>Ați fost invitat în Odonto, aplicația clinicii pentru pacienți, tratamente și programări.</p>' +
    `<p>Pentru a vă activa contul, alegeți-vă parola deschizând link-ul de mai jos (${validity}):</p>` +
    `<p><a href="${escapeHtml(link)}">Alegeți parola</a></p>` +
    `<p>După aceea vă autentificați cu adresa ${escapeHtml(to.email)} și parola aleasă.</p>` +
    '<p>Dacă nu vă așteptați la această invitație, ignorați acest mesaj.</p><p>Odonto</p>';
  return { to: to.email, subject: 'Invitație în Odonto', text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
