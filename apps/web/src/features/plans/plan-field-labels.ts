import { PRICE_REASON_LABEL } from './item-editor';

const PLAN_LABELS: Readonly<Record<string, string>> = {
  title: 'Titlul planului',
  doctorId: 'Medic',
  validUntil: 'Valabil până la',
  notes: 'Note',
};
const ALTERNATIVE_LABELS: Readonly<Record<string, string>> = {
  title: 'Descrierea variantei',
  discount: 'Reducere pe variantă',
  notes: 'Note la variantă',
};
const ITEM_LABELS: Readonly<Record<string, string>> = {
  name: 'Lucrare',
  quantity: 'Cantitate',
  unitPriceBani: 'Preț unitar',
  discount: 'Reducere',
  priceReason: PRICE_REASON_LABEL,
  notes: 'Note',
};

/**
 * The plan editor's label of a field by its path, with where it stands in the plan:
 * 'alternatives.1.phases.0.items.2.quantity' is 'Varianta B, etapa 1, lucrarea 3: Cantitate'.
 * `alternative` names an alternative by its index. Undefined for a path the editor shows no field for.
 */
export function planFieldLabel(path: string, alternative: (index: number) => string): string | undefined {
  const parts = path.split('.');
  if (parts.length === 1) return PLAN_LABELS[path];
  if (parts[0] !== 'alternatives' || parts.length < 3) return undefined;
  const where = alternative(Number(parts[1]));
  if (parts[2] !== 'phases') {
    const label = parts.length === 3 ? ALTERNATIVE_LABELS[parts[2] ?? ''] : undefined;
    return label && `${where}: ${label}`;
  }
  const phase = `${where}, etapa ${Number(parts[3]) + 1}`;
  if (parts.length === 5 && parts[4] === 'title') return `${phase}: Etapa (vizita)`;
  if (parts.length !== 7 || parts[4] !== 'items') return undefined;
  const label = ITEM_LABELS[parts[6] ?? ''];
  return label && `${phase}, lucrarea ${Number(parts[5]) + 1}: ${label}`;
}
