import { createHash } from 'node:crypto';
import countries from 'i18n-iso-countries';
import ro from 'i18n-iso-countries/langs/ro.json' with { type: 'json' };
import { toCommaBelow } from '@odonto/domain/places';

export interface Country {
  code: string;
  nume: string;
}

const ROMANIA = 'RO';

function buildCountries(): Country[] {
  countries.registerLocale(ro);
  const collator = new Intl.Collator('ro');
  const list = Object.entries(countries.getNames('ro', { select: 'official' })).map(([code, nume]) => ({
    code,
    nume: toCommaBelow(nume),
  }));
  // România first: nearly every patient lives there, and the form defaults to it.
  return list.sort(
    (a, b) => Number(b.code === ROMANIA) - Number(a.code === ROMANIA) || collator.compare(a.nume, b.nume),
  );
}

/** The world's countries in Romanian (ISO 3166 alpha-2 codes), România first, then in Romanian order. */
export const COUNTRIES: readonly Country[] = buildCountries();

/** Changes when the package's names change, so cached answers that contain the list are revalidated. */
export const COUNTRIES_TAG = createHash('sha256')
  .update(JSON.stringify(COUNTRIES))
  .digest('hex')
  .slice(0, 12);
