/**
 * The medical-history checklist of the patient form (SPEC.md §3 `antecedente`): each item has a `val`
 * flag and may carry a note. The item `alergii` is the patient's allergies (the ALERGII indicator).
 */
export const ANTECEDENT_ITEMS = [
  { key: 'alergii', label: 'Alergii (medicamente, latex, anestezice)' },
  { key: 'afectiuni_cardiace', label: 'Afecțiuni cardiace' },
  { key: 'hipertensiune', label: 'Hipertensiune arterială' },
  { key: 'anticoagulante', label: 'Tratament anticoagulant / antiagregant' },
  { key: 'diabet', label: 'Diabet zaharat' },
  { key: 'astm', label: 'Astm / afecțiuni respiratorii' },
  { key: 'epilepsie', label: 'Epilepsie' },
  { key: 'hepatita', label: 'Hepatită' },
  { key: 'hiv', label: 'HIV' },
  { key: 'tulburari_coagulare', label: 'Tulburări de coagulare' },
  { key: 'osteoporoza', label: 'Osteoporoză / tratament cu bifosfonați' },
  { key: 'afectiuni_tiroida', label: 'Afecțiuni tiroidiene' },
  { key: 'afectiuni_renale', label: 'Afecțiuni renale' },
  { key: 'sarcina', label: 'Sarcină' },
  { key: 'fumator', label: 'Fumător' },
  { key: 'alte', label: 'Alte afecțiuni' },
] as const;

export type AntecedentKey = (typeof ANTECEDENT_ITEMS)[number]['key'];
export const ANTECEDENT_KEYS = ANTECEDENT_ITEMS.map((item) => item.key) as readonly AntecedentKey[];

export interface AntecedentValue {
  val: boolean;
  text?: string;
}
export type Antecedente = Partial<Record<AntecedentKey, AntecedentValue>>;

/** True when the patient has allergies marked (the header's ALERGII indicator). */
export function hasAllergies(antecedente: Antecedente | null | undefined): boolean {
  return antecedente?.alergii?.val === true;
}

/** True when any medical-history item other than allergies is marked (the ANTECEDENTE indicator). */
export function hasAntecedents(antecedente: Antecedente | null | undefined): boolean {
  if (!antecedente) return false;
  return ANTECEDENT_KEYS.some((key) => key !== 'alergii' && antecedente[key]?.val === true);
}
