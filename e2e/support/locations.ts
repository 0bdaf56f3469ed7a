import { expect, request as playwrightRequest } from '@playwright/test';
import type { LocationsAnswer } from '../../packages/domain/src/contracts/locations';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';
import { API_HEADERS, apiSignIn } from './patients';

/**
 * Adds a location with its chairs to a running clinic through the administrator's calls (Setări › Sedii și
 * cabinete, as the demo admin), and answers their ids. Do it before the screens load: they keep the list a
 * while.
 */
export async function addLocation(
  origin: string,
  name: string,
  chairNames: readonly string[] = [],
): Promise<{ locationId: string; chairIds: string[] }> {
  const admin = await playwrightRequest.newContext({ baseURL: origin });
  try {
    await apiSignIn(admin, DEMO_USERS.admin);
    const created = await admin.post('/api/locations', { data: { name }, headers: API_HEADERS });
    expect(created.status(), await created.text()).toBe(201);
    const locationId = idOfNamed((await created.json()) as LocationsAnswer, name).id;
    let answer: LocationsAnswer | null = null;
    for (const chairName of chairNames) {
      const added = await admin.post(`/api/locations/${locationId}/chairs`, {
        data: { name: chairName },
        headers: API_HEADERS,
      });
      expect(added.status(), await added.text()).toBe(201);
      answer = (await added.json()) as LocationsAnswer;
    }
    const chairs = answer ? idOfNamed(answer, name).chairs : [];
    return {
      locationId,
      chairIds: chairNames.map((chairName) => chairs.find((chair) => chair.name === chairName)?.id ?? ''),
    };
  } finally {
    await admin.dispose();
  }
}

function idOfNamed(answer: LocationsAnswer, name: string) {
  const location = answer.locations.find((candidate) => candidate.name === name);
  if (!location) throw new Error(`location ${name} missing from the answer`);
  return location;
}
