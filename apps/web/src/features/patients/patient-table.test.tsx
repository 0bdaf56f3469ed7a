import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeListItem } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { compactDetails, openPlanText, PatientTable } from './patient-table';

function renderTable(patients: Parameters<typeof PatientTable>[0]['patients']) {
  renderRoutes(
    [
      {
        path: '/pacienti',
        element: (
          <PatientTable patients={patients} isDeletedList={false} onRestore={() => {}} restoringId={null} />
        ),
      },
    ],
    '/pacienti',
  );
}

describe('patient table: open plan amount', () => {
  it('shows what is left of the accepted plans as lei, and nothing when there is none', async () => {
    renderTable([
      makeListItem({ _id: 'p1', id: 1, nume: 'Avram', planOpenBani: 125_000 }),
      makeListItem({ _id: 'p2', id: 2, nume: 'Bucur', planOpenBani: 0 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Lista pacienților' });
    expect(within(table).getByRole('columnheader', { name: 'Plan deschis' })).toBeTruthy();
    const withPlan = within(table).getByRole('row', { name: /Fișa nr\. 1:/ });
    expect(within(withPlan).getByTestId('plan-open').textContent).toBe('1.250,00 lei');
    const withoutPlan = within(table).getByRole('row', { name: /Fișa nr\. 2:/ });
    expect(within(withoutPlan).getByTestId('plan-open').textContent).toBe('');
  });

  it.each([
    [0, ''],
    [1, '0,01 lei'],
    [125_000, '1.250,00 lei'],
    [1_234_567_89, '1.234.567,89 lei'],
  ])('writes %i bani as %j', (bani, text) => {
    expect(openPlanText(bani)).toBe(text);
  });
});

describe('patient table on a narrow screen: the folded columns', () => {
  it.each([
    [
      'every column',
      { oras: 'Ploiești', judet: 'Prahova', medic: 'Dr. Mihai Ionescu', planOpenBani: 125_000 },
      'Ploiești, Prahova · Medic: Dr. Mihai Ionescu · Creat: 05 Mart. 2026 · Plan deschis: 1.250,00 lei',
    ],
    [
      'no place, no doctor, no plan',
      { oras: '', judet: '', tara: 'România', medic: '', planOpenBani: 0 },
      'Creat: 05 Mart. 2026',
    ],
    [
      'a patient from abroad',
      { oras: '', judet: '', tara: 'Italia', medic: '', planOpenBani: 0 },
      'Italia · Creat: 05 Mart. 2026',
    ],
  ])('%s', (_, overrides, text) => {
    expect(compactDetails(makeListItem(overrides))).toBe(text);
  });
});
