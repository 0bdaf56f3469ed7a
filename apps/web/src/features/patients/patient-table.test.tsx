import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { makeListItem } from '../../test/patients';
import { renderRoutes } from '../../test/render';
import { openPlanText, PatientTable } from './patient-table';

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
