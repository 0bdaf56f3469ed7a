import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call } from '../../../test/http';
import { signIn } from './patients.test-support';

describeEachDialect('GET /api/get-medici', ({ useApp }) => {
  const t = useApp();

  it('answers the active doctors, by name in Romanian order, with _id, nume and email only', async () => {
    const zamfir = await createUser(t().db, { nume: 'Zamfir Radu', roles: ['medic'] });
    const stan = await createUser(t().db, { nume: 'Ștefănescu Ana', roles: ['admin', 'medic'] });
    const sava = await createUser(t().db, { nume: 'Sava Maria', roles: ['medic'] });
    await createUser(t().db, { nume: 'Inactiv Medic', roles: ['medic'], active: false });
    await createUser(t().db, { nume: 'Asistenta', roles: ['asistent'] });
    const cookie = await signIn(t(), 'sterilizare');
    const response = await call(t().app, { url: '/api/get-medici', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: sava.id, nume: 'Sava Maria', email: sava.email },
      { _id: stan.id, nume: 'Ștefănescu Ana', email: stan.email },
      { _id: zamfir.id, nume: 'Zamfir Radu', email: zamfir.email },
    ]);
  });
});
