import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createPatientVia, listVia, signIn } from './patients.test-support';

describeEachDialect('GET /api/pacienti: creation-day range and paging', ({ useApp }) => {
  const t = useApp();

  // Sessions expire when the clock jumps by days, so each step signs in at its own time.
  async function createAt(at: string, nume: string): Promise<void> {
    t().clock.set(at);
    await createPatientVia(t().app, await signIn(t(), 'medic'), { nume });
  }

  it('covers whole Bucharest days: 00:00 of the from-day to 23:59:59.999 of the to-day', async () => {
    // Bucharest is UTC+2 in March before the clock change: its 5 March is 3 March 22:00Z … 5 March 21:59:59.999Z.
    await createAt('2026-03-03T21:59:59.999Z', 'Inainte');
    await createAt('2026-03-03T22:00:00.000Z', 'Prima');
    await createAt('2026-03-05T21:59:00.000Z', 'Ultima');
    await createAt('2026-03-05T22:00:00.000Z', 'Dupa');
    const cookie = await signIn(t(), 'medic');
    const names = async (query: Record<string, string>) =>
      (await listVia(t().app, cookie, query)).pacienti.map((p) => p.nume);
    expect(await names({ from: '2026-03-04', to: '2026-03-05' })).toEqual(['Ultima', 'Prima']);
    expect(await names({ from: '2026-03-05', to: '2026-03-05' })).toEqual(['Ultima']);
    expect(await names({ from: '2026-03-06' })).toEqual(['Dupa']);
    expect(await names({ to: '2026-03-03' })).toEqual(['Inainte']);
    expect(await names({ from: '2026-03-07' })).toEqual([]);
  });

  it('follows the summer clock: a to-day in July ends at 20:59:59.999Z', async () => {
    await createAt('2026-07-10T20:59:00.000Z', 'Seara');
    await createAt('2026-07-10T21:00:00.000Z', 'Miezulnoptii');
    const cookie = await signIn(t(), 'medic');
    const list = await listVia(t().app, cookie, { from: '2026-07-10', to: '2026-07-10' });
    expect(list.pacienti.map((p) => p.nume)).toEqual(['Seara']);
  });

  it('pages through 25 patients newest first, 10 a page; a page past the end is empty with the total', async () => {
    const cookie = await signIn(t(), 'asistent');
    for (let n = 1; n <= 25; n += 1) {
      t().clock.advanceMinutes(1);
      await createPatientVia(t().app, cookie, {
        nume: `Pacient${'abcdefghijklmnopqrstuvwxy'[n - 1]}`,
        judet: n % 5 === 0 ? 'Alba' : 'Cluj',
      });
    }
    const fileNumbers = async (page: number) => {
      const list = await listVia(t().app, cookie, { page: String(page) });
      expect(list).toMatchObject({ total: 25, page, pageSize: 10 });
      return list.pacienti.map((p) => p.id);
    };
    const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
    expect(await fileNumbers(1)).toEqual(range(25, 16));
    expect(await fileNumbers(2)).toEqual(range(15, 6));
    expect(await fileNumbers(3)).toEqual(range(5, 1));
    expect(await fileNumbers(4)).toEqual([]);
    // The search pages the same way.
    const searched = await listVia(t().app, cookie, { q: 'pacient', page: '3' });
    expect(searched.total).toBe(25);
    expect(searched.pacienti.map((p) => p.id)).toEqual(range(5, 1));
    // So does one county (on PostgreSQL, along its own index: decision 0069), and another.
    const inCluj = range(25, 1).filter((n) => n % 5 !== 0);
    for (const [judet, page, expected] of [
      ['Cluj', 1, inCluj.slice(0, 10)],
      ['Cluj', 2, inCluj.slice(10, 20)],
      ['Cluj', 3, []],
      ['Alba', 1, [25, 20, 15, 10, 5]],
    ] as const) {
      const listed = await listVia(t().app, cookie, { judet, page: String(page) });
      expect(listed.total, judet).toBe(judet === 'Cluj' ? 20 : 5);
      expect(
        listed.pacienti.map((p) => p.id),
        `${judet}, page ${page}`,
      ).toEqual(expected);
    }
  });

  it('orders patients created at the same instant by file number, newest first', async () => {
    const cookie = await signIn(t(), 'medic');
    for (const nume of ['Unu', 'Doi', 'Trei']) await createPatientVia(t().app, cookie, { nume });
    const list = await listVia(t().app, cookie);
    expect(list.pacienti.map((p) => p.nume)).toEqual(['Trei', 'Doi', 'Unu']);
  });

  it('pages a creation-day range and a filter the same way, ties by file number, past the end empty', async () => {
    // Twelve patients in one day, three of them at the same instant; every third in Cluj.
    const nameOf = (n: number) => `Pacient${'abcdefghijkl'[n - 1]}`;
    const day = '2026-03-04';
    for (let n = 1; n <= 12; n += 1) {
      const minute = Math.min(n, 10);
      t().clock.set(`2026-03-04T08:${String(minute).padStart(2, '0')}:00.000Z`);
      await createPatientVia(t().app, await signIn(t(), 'medic'), {
        nume: nameOf(n),
        ...(n % 3 === 0 ? { judet: 'Cluj' } : {}),
      });
    }
    const cookie = await signIn(t(), 'medic');
    const page = async (query: Record<string, string>) => {
      const list = await listVia(t().app, cookie, query);
      return { total: list.total, names: list.pacienti.map((p) => p.nume) };
    };
    const names = (...numbers: number[]) => numbers.map(nameOf);
    expect(await page({ from: day, to: day })).toEqual({
      total: 12,
      names: names(12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
    });
    expect(await page({ from: day, to: day, page: '2' })).toEqual({ total: 12, names: names(2, 1) });
    expect(await page({ from: day, to: day, page: '3' })).toEqual({ total: 12, names: [] });
    expect(await page({ judet: 'Cluj' })).toEqual({ total: 4, names: names(12, 9, 6, 3) });
    expect(await page({ judet: 'Cluj', page: '2' })).toEqual({ total: 4, names: [] });
    expect(await page({ judet: 'Alba' })).toEqual({ total: 0, names: [] });
  });
});
