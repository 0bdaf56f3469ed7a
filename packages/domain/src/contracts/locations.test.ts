import { describe, expect, it } from 'vitest';
import {
  defaultLocationId,
  isClinicGroup,
  letterheadPlace,
  LOCATION_MESSAGES,
  locationInput,
  locationUpdate,
  type Location,
} from './locations';

const place = (id: string, archived = false): Location => ({
  id,
  name: id,
  address: '',
  phone: '',
  opensAt: null,
  closesAt: null,
  position: 1,
  archived,
  version: 1,
  chairs: [],
});

describe('locationInput', () => {
  it('trims, strips the phone and fills the defaults', () => {
    expect(locationInput.parse({ name: ' Sediul Nord ', phone: '0722 123 456' })).toEqual({
      name: 'Sediul Nord',
      address: '',
      phone: '0722123456',
      opensAt: null,
      closesAt: null,
    });
  });

  it.each([
    [{ name: '' }, 'name', LOCATION_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(81) }, 'name', LOCATION_MESSAGES.nameTooLong],
    [{ name: 'A', phone: 'abc' }, 'phone', LOCATION_MESSAGES.phone],
    [{ name: 'A', opensAt: '8:00', closesAt: '16:00' }, 'opensAt', LOCATION_MESSAGES.hourFormat],
    [{ name: 'A', opensAt: '08:00' }, 'closesAt', LOCATION_MESSAGES.hoursBoth],
    [{ name: 'A', closesAt: '16:00' }, 'opensAt', LOCATION_MESSAGES.hoursBoth],
    [{ name: 'A', opensAt: '16:00', closesAt: '08:00' }, 'closesAt', LOCATION_MESSAGES.hoursOrder],
    [{ name: 'A', opensAt: '08:00', closesAt: '08:00' }, 'closesAt', LOCATION_MESSAGES.hoursOrder],
  ])('%j: %s says %s', (input, field, message) => {
    const result = locationInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });

  it('takes hours in order, and empty hours as none', () => {
    expect(locationInput.parse({ name: 'A', opensAt: '08:00', closesAt: '20:30' })).toMatchObject({
      opensAt: '08:00',
      closesAt: '20:30',
    });
    expect(locationInput.parse({ name: 'A', opensAt: '', closesAt: '' })).toMatchObject({
      opensAt: null,
      closesAt: null,
    });
  });

  it('an update needs the version it was read at, and checks the hours too', () => {
    expect(locationUpdate.safeParse({ name: 'A' }).success).toBe(false);
    expect(locationUpdate.safeParse({ name: 'A', version: 2, opensAt: '09:00' }).success).toBe(false);
    expect(locationUpdate.parse({ name: 'A', version: 2 })).toMatchObject({ name: 'A', version: 2 });
  });
});

describe('isClinicGroup', () => {
  it.each([
    [[], false],
    [[place('a')], false],
    [[place('a'), place('b', true)], false],
    [[place('a'), place('b')], true],
  ])('%#', (locations, expected) => {
    expect(isClinicGroup(locations)).toBe(expected);
  });
});

describe('defaultLocationId', () => {
  const locations = [place('a'), place('b'), place('c', true)];
  it.each([
    ['the asked open one', { locations, mine: [] }, 'b', 'b'],
    ['not a closed one asked', { locations, mine: [] }, 'c', 'a'],
    ['the user’s first open one', { locations, mine: ['c', 'b'] }, null, 'b'],
    ['else the clinic’s first', { locations, mine: [] }, 'nope', 'a'],
    ['none when all are closed', { locations: [place('c', true)], mine: [] }, null, null],
  ])('%s', (_name, answer, asked, expected) => {
    expect(defaultLocationId(answer, asked)).toBe(expected);
  });
});

describe('letterheadPlace', () => {
  const clinic = { adresa: 'Str. Mării 5, Iași', telefon: '0232111222' };
  const nord = {
    ...place('nord'),
    name: 'Sediul Nord',
    address: 'Str. Nordului 1, Cluj',
    phone: '0264000111',
  };
  const sud = { ...place('sud'), name: 'Sediul Sud' };
  const group = { locations: [place('main'), nord, sud], mine: ['nord'] };
  const own = { locationName: null, address: clinic.adresa, phone: clinic.telefon };
  it.each([
    ['the clinic’s own while the locations are not known', undefined, undefined, own],
    ['the clinic’s own for one location', { locations: [nord], mine: [] }, undefined, own],
    ['the clinic’s own when asked (an invoice)', group, null, own],
    [
      'the user’s own location in a group',
      group,
      undefined,
      { locationName: 'Sediul Nord', address: 'Str. Nordului 1, Cluj', phone: '0264000111' },
    ],
    [
      'the asked location, the clinic’s address and phone where it has none',
      group,
      'sud',
      { locationName: 'Sediul Sud', address: clinic.adresa, phone: clinic.telefon },
    ],
  ])('%s', (_name, answer, locationId, expected) => {
    expect(letterheadPlace(clinic, answer, locationId)).toEqual(expected);
  });
});
