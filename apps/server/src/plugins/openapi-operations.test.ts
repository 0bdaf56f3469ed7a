import { describe, expect, it } from 'vitest';
import { requirePermission, requireUser } from './auth';
import { operationIdOf, securityOf, withTypedNullables } from './openapi-operations';

describe('operationIdOf', () => {
  it.each([
    ['GET', '/api/pacienti', 'getPacienti'],
    ['POST', '/api/save-pacient', 'postSavePacient'],
    ['GET', '/api/get-pacient/:id', 'getGetPacientById'],
    ['GET', '/api/get-pacient/{id}', 'getGetPacientById'],
    ['GET', '/history-imgs/:patientId/:name', 'getHistoryImgsByPatientIdByName'],
    ['GET', '/api/instrument/registru.csv', 'getInstrumentRegistruCsv'],
    ['DELETE', '/api/sesiuni/:id', 'deleteSesiuniById'],
    ['POST', '/api/login/two-factor', 'postLoginTwoFactor'],
  ])('%s %s → %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});

describe('securityOf', () => {
  const publicHook = async () => {};
  it.each([
    ['a signed-in read', 'GET', { method: 'GET', onRequest: requireUser }, [{ session: [] }]],
    [
      'a write behind a permission',
      'POST',
      { method: 'POST', onRequest: requirePermission('write:patient') },
      [{ session: [], csrf: [] }],
    ],
    [
      'a hook among others',
      'GET',
      { method: 'GET', onRequest: [publicHook, requireUser] },
      [{ session: [] }],
    ],
    ['a public read', 'GET', { method: 'GET' }, []],
    ['a public write (sign-in)', 'POST', { method: 'POST', onRequest: publicHook }, [{ csrf: [] }]],
    [
      'a GET that deletes',
      'GET',
      { method: 'GET', onRequest: requireUser, config: { csrf: true } },
      [{ session: [], csrf: [] }],
    ],
  ])('%s', (_name, method, route, security) => {
    expect(securityOf(method, route)).toEqual(security);
  });
});

describe('withTypedNullables', () => {
  it.each([
    ['unknown or null', { nullable: true }, {}],
    ['a typed nullable stays', { type: 'string', nullable: true }, { type: 'string', nullable: true }],
    [
      'a nullable union of objects',
      { nullable: true, oneOf: [{ type: 'object' }, { type: 'object' }] },
      { type: 'object', nullable: true, oneOf: [{ type: 'object' }, { type: 'object' }] },
    ],
    [
      'a nullable union of several types is left',
      { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] },
      { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] },
    ],
    [
      'deep inside',
      { type: 'object', properties: { signature: { nullable: true } }, required: ['signature'] },
      { type: 'object', properties: { signature: {} }, required: ['signature'] },
    ],
  ])('%s', (_name, schema, expected) => {
    expect(withTypedNullables(schema)).toEqual(expected);
  });
});
