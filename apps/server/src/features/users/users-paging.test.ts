import { beforeEach, expect, it } from 'vitest';
import type { UserListResponse } from '@odonto/domain/contracts/users';
import { describeEachDialect } from '../../../test/build-test-app';
import { errorOf } from '../../../test/http';
import { createUserVia, listUsers, signInWith, type SignedIn } from './users.test-support';

describeEachDialect('users API: POST /api/get-utilizatori', ({ useApp }) => {
  const t = useApp();
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await signInWith(t(), ['admin'], 'Administrator Clinică');
  });

  async function page(index: number): Promise<UserListResponse> {
    const response = await listUsers(t().app, admin.cookie, { page: index });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserListResponse>();
  }

  it('pages through 25 users, 10 a page; isNextPage is false on the last', async () => {
    for (let i = 1; i < 25; i++) {
      await createUserVia(t().app, admin.cookie, { nume: `Utilizator ${String(i).padStart(2, '0')}` });
    }
    const pages = [await page(0), await page(1), await page(2)];
    expect(pages.map((p) => p.utilizatori.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.isNextPage)).toEqual([true, true, false]);
    const names = pages.flatMap((p) => p.utilizatori.map((u) => u.nume));
    expect(new Set(names).size).toBe(25);
    expect(names[0]).toBe('Administrator Clinică');
    expect(names.at(-1)).toBe('Utilizator 24');
    expect(await page(3)).toEqual({ utilizatori: [], isNextPage: false });
  });

  it('sorts by name in Romanian order, ignoring case', async () => {
    for (const nume of ['Țurcanu Ion', 'ștefan Ana', 'Zamfir Dan', 'Tudose Eva', 'Sava Mara', 'Ălexe Ion'])
      await createUserVia(t().app, admin.cookie, { nume });
    const names = (await page(0)).utilizatori.map((u) => u.nume);
    expect(names).toEqual([
      'Administrator Clinică',
      'Ălexe Ion',
      'Sava Mara',
      'ștefan Ana',
      'Tudose Eva',
      'Țurcanu Ion',
      'Zamfir Dan',
    ]);
  });

  it('lists deactivated users too, marked inactive', async () => {
    await createUserVia(t().app, admin.cookie, { nume: 'Inactiv Ion', active: false });
    const listed = (await page(0)).utilizatori.find((u) => u.nume === 'Inactiv Ion');
    expect(listed).toMatchObject({ active: false, hasPassword: false });
  });

  it.each([{ page: -1 }, { page: 'unu' }, { page: 0, pageSize: 100 }])('answers 400 for %j', async (body) => {
    const response = await listUsers(t().app, admin.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_input');
  });
});
