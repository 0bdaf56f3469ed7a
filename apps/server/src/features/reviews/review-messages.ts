import { REVIEW_TOKEN_TTL_DAYS } from '@odonto/domain/reviews';
import { mailBody } from '../../notify/mail-text';

/** The public page a review link opens. */
export function reviewLink(publicUrl: string, token: string): string {
  return `${publicUrl}/review/${token}`;
}

interface MessageParts {
  clinicName: string;
  prenume: string;
  medic: string;
  link: string;
}

/**
 * The SMS text. Written without diacritics on purpose: a single ș or ț switches an SMS to UCS-2, where
 * a message holds 70 characters instead of 160, and this one would then cost the clinic three SMS.
 */
export function reviewSmsText({ clinicName, prenume, medic, link }: MessageParts): string {
  const greeting = prenume ? `Buna ziua, ${prenume}!` : 'Buna ziua!';
  return asciiOnly(
    `${clinicName}: ${greeting} Cum a fost vizita la ${medic}? Spuneti-ne parerea (1-5 stele): ${link} ` +
      `(link valabil ${REVIEW_TOKEN_TTL_DAYS} zile)`,
  );
}

/** The mail: a short text and the same in HTML with a link to the review page. */
export function reviewMail({ clinicName, prenume, medic, link }: MessageParts): {
  subject: string;
  text: string;
  html: string;
} {
  const body = mailBody([
    prenume ? `Bună ziua, ${prenume},` : 'Bună ziua,',
    `Vă mulțumim că ați ales ${clinicName}. Cum a fost vizita la ${medic}? Ne ajută mult dacă ne spuneți ` +
      'părerea dumneavoastră (1–5 stele și, dacă doriți, un comentariu):',
    { link, label: 'Dați o notă vizitei' },
    `Link-ul este valabil ${REVIEW_TOKEN_TTL_DAYS} zile și poate fi folosit o singură dată.`,
    clinicName,
  ]);
  return { subject: `Cum a fost vizita la ${clinicName}?`, ...body };
}

// ș and ţ in both their comma and cedilla forms, and the other Romanian letters, fold to plain letters.
function asciiOnly(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
