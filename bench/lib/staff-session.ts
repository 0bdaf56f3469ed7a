import { catalogueEntryByName } from '@odonto/domain/catalogue';
import { pictureName } from '@odonto/domain/contracts/history-pictures';
import { DEMO_USERS } from '../../apps/server/src/scripts/demo-users';

/** What the load's sessions share: the patients they work on and the doctors they book. */
export interface LoadFixture {
  /** The patient with `entries` treatments, opened often and never written to. */
  longHistoryPatient: string;
  /** Patients of the first pages: opened, and given treatments with pictures. */
  patients: string[];
  /** One patient per session for its appointments, so a session knows every appointment it moves. */
  appointmentPatients: string[];
  doctorIds: string[];
}

export type CallName =
  | 'GET patient list, first page'
  | 'GET patient search'
  | 'GET patient, 100 entries'
  | 'GET patient'
  | 'POST save-history + picture'
  | 'POST save-programare'
  | 'PUT update-programare (move)'
  | 'GET calendar week'
  | 'GET sterilisation register';

interface BookedAppointment {
  _id: string;
  version: number;
  medicId: string;
}

const SEARCHES = ['pop', 'ion', 'ste', 'mar', 'popesc', 'stefan', 'georgescu', 'ana', 'dum', '0722'];
const TREATMENTS = ['consultație', 'detartraj ultrasonic', 'obturație compozit trei suprafețe'];
const TEETH = ['1.6', '2.6', '3.6', '4.6', '1.1', '2.1'];
const SESSION_HEADERS = { 'x-requested-with': 'odonto', accept: 'application/json' };

/** Weights of the calls in a session's loop: reading the lists dominates, as at a reception desk. */
const MIX: [CallName, number][] = [
  ['GET patient list, first page', 14],
  ['GET patient search', 20],
  ['GET patient, 100 entries', 10],
  ['GET patient', 14],
  ['POST save-history + picture', 6],
  ['POST save-programare', 8],
  ['PUT update-programare (move)', 8],
  ['GET calendar week', 14],
  ['GET sterilisation register', 6],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function clinicDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return day.toLocaleDateString('sv-SE', { timeZone: 'Europe/Bucharest' });
}

async function json<T>(answer: Response, what: string): Promise<T> {
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** A signed-in member of staff looping through the clinic's calls; records each call's latency. */
export class StaffSession {
  readonly latencies = new Map<CallName, number[]>();
  readonly errors = new Map<CallName, string[]>();
  private readonly booked: BookedAppointment[] = [];
  private random: number;

  constructor(
    private readonly options: {
      url: string;
      cookie: string;
      index: number;
      fixture: LoadFixture;
      photo: Buffer;
      thinkMs: number;
    },
  ) {
    this.random = options.index * 7919 + 17;
  }

  /** Creates the patient with `entries` treatments and reads the patients and doctors the load uses. */
  static async prepareFixture(
    url: string,
    cookie: string,
    entries: number,
    photo: Buffer,
  ): Promise<LoadFixture> {
    const headers = { ...SESSION_HEADERS, cookie };
    const post = (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await json<{ _id: string }>(
      await post('/api/save-pacient', { nume: 'Istoric', prenume: 'Lung', telefon: '0722000100' }),
      'save-pacient',
    );
    const session = new StaffSession({
      url,
      cookie,
      index: 0,
      fixture: { longHistoryPatient: '', patients: [], appointmentPatients: [], doctorIds: [] },
      photo,
      thinkMs: 0,
    });
    for (let i = 0; i < entries; i += 1) {
      const answer = await session.saveTreatment(created._id, i % 10 === 0);
      if (!answer.ok) throw new Error(`save-history: ${answer.status} ${await answer.text()}`);
    }
    const patients: string[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const list = await json<{ pacienti: { _id: string }[] }>(
        await fetch(`${url}/api/pacienti?page=${page}`, { headers }),
        'pacienti',
      );
      patients.push(...list.pacienti.map((patient) => patient._id));
    }
    const doctors = await json<{ _id: string }[]>(
      await fetch(`${url}/api/get-medici`, { headers }),
      'get-medici',
    );
    return {
      longHistoryPatient: created._id,
      patients: patients.slice(0, 50),
      appointmentPatients: patients.slice(50),
      doctorIds: doctors.map((doctor) => doctor._id),
    };
  }

  /** The same loop until `deadline`, unrecorded (every call is sent at least once). */
  async warmUp(deadline: number): Promise<void> {
    for (const [call] of MIX) await this.send(call);
    await this.runUntil(deadline);
    this.latencies.clear();
    this.errors.clear();
  }

  async runUntil(deadline: number): Promise<void> {
    while (performance.now() < deadline) {
      const call = this.pickCall();
      const started = performance.now();
      const problem = await this.send(call).then(
        (answer) => (answer.ok ? null : `${answer.status} ${answer.body}`),
        (error: unknown) => String(error),
      );
      if (problem === null)
        this.latencies.set(call, [...(this.latencies.get(call) ?? []), performance.now() - started]);
      else this.errors.set(call, [...(this.errors.get(call) ?? []), problem]);
      await new Promise((done) => setTimeout(done, this.next() * this.options.thinkMs));
    }
  }

  /** A number in [0, 1) from the session's own generator, so every run sends the same calls. */
  private next(): number {
    this.random = (this.random * 1_103_515_245 + 12_345) % 2_147_483_648;
    return this.random / 2_147_483_648;
  }

  private pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.next() * values.length)];
    if (value === undefined) throw new Error('nothing to pick from');
    return value;
  }

  private pickCall(): CallName {
    let at = this.next() * MIX_TOTAL;
    for (const [call, weight] of MIX) {
      if (at < weight) return call;
      at -= weight;
    }
    return 'GET patient list, first page';
  }

  private get(path: string): Promise<Response> {
    return fetch(`${this.options.url}${path}`, {
      headers: { ...SESSION_HEADERS, cookie: this.options.cookie },
    });
  }

  private sendJson(method: 'POST' | 'PUT', path: string, body: unknown): Promise<Response> {
    return fetch(`${this.options.url}${path}`, {
      method,
      headers: { ...SESSION_HEADERS, cookie: this.options.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** Sends one call and reads its whole answer; answers its status and, on an error, its body. */
  private async send(call: CallName): Promise<{ ok: boolean; status: number; body: string }> {
    const answer = await this.request(call);
    const body = await answer.text();
    if (answer.ok && (call === 'POST save-programare' || call === 'PUT update-programare (move)'))
      this.remember(JSON.parse(body) as BookedAppointment[]);
    return { ok: answer.ok, status: answer.status, body: answer.ok ? '' : body.slice(0, 300) };
  }

  private request(call: CallName): Promise<Response> {
    const { fixture } = this.options;
    switch (call) {
      case 'GET patient list, first page':
        return this.get('/api/pacienti?page=1');
      case 'GET patient search':
        return this.get(`/api/pacienti?q=${encodeURIComponent(this.pick(SEARCHES))}`);
      case 'GET patient, 100 entries':
        return this.get(`/api/get-pacient/${fixture.longHistoryPatient}`);
      case 'GET patient':
        return this.get(`/api/get-pacient/${this.pick(fixture.patients)}`);
      case 'POST save-history + picture':
        return this.saveTreatment(this.pick(fixture.patients), true);
      case 'POST save-programare':
        return this.sendJson('POST', `/api/save-programare/${this.appointmentPatient()}`, this.slot());
      case 'PUT update-programare (move)':
        return this.moveAppointment();
      case 'GET calendar week':
        return this.get(`/api/calendar?from=${clinicDay(0)}&to=${clinicDay(6)}`);
      case 'GET sterilisation register':
        return this.get(`/api/instrument/registru?from=${clinicDay(-30)}&to=${clinicDay(0)}`);
    }
  }

  private appointmentPatient(): string {
    const { appointmentPatients } = this.options.fixture;
    return appointmentPatients[this.options.index % appointmentPatients.length] ?? '';
  }

  /** A half-hour slot on one of the next 30 days with one of the doctors (kept even when it overlaps). */
  private slot(medicId = this.pick(this.options.fixture.doctorIds)) {
    const hour = 8 + Math.floor(this.next() * 10);
    const minute = this.next() < 0.5 ? 0 : 30;
    return {
      createdAt: clinicDay(1 + Math.floor(this.next() * 30)),
      trimite_sms: false,
      deLa: { ora: hour, minute },
      panaLa: { ora: minute === 30 ? hour + 1 : hour, minute: minute === 30 ? 0 : 30 },
      medicId,
      nota: 'Control',
      keepOverlap: true,
    };
  }

  /** Moves one of this session's appointments (books one first when it has none yet). */
  private moveAppointment(): Promise<Response> {
    const appointment = this.booked.length > 0 ? this.pick(this.booked) : null;
    if (!appointment)
      return this.sendJson('POST', `/api/save-programare/${this.appointmentPatient()}`, this.slot());
    return this.sendJson('PUT', `/api/update-programare/${this.appointmentPatient()}`, {
      ...this.slot(appointment.medicId),
      _id: appointment._id,
      version: appointment.version,
    });
  }

  /** The session's patient's appointments as the server answered them: ids and current versions. */
  private remember(list: BookedAppointment[]): void {
    this.booked.length = 0;
    for (const { _id, version, medicId } of list) this.booked.push({ _id, version, medicId });
  }

  /** Saves a treatment (with a picture when asked) as the treatment modal does. */
  saveTreatment(patientId: string, withPicture: boolean): Promise<Response> {
    const denumire = this.pick(TREATMENTS);
    const entryId = Date.now();
    const name = pictureName(entryId, Math.floor(this.next() * 100_000), 'inainte.jpg');
    const form = new FormData();
    const obj = {
      id: entryId,
      type: 'tratament',
      denumire,
      createdAt: clinicDay(0),
      dinte: denumire === 'obturație compozit trei suprafețe' ? this.pick(TEETH) : null,
      mapID: catalogueEntryByName(denumire)?.id ?? null,
      medic: DEMO_USERS.medic.nume,
      detalii: 'Anestezie locală, pacient cooperant.',
      pics: withPicture ? [{ name, w: 0, h: 0, index: 0 }] : [],
    };
    form.set('obj', JSON.stringify(obj));
    if (withPicture)
      form.set(name, new Blob([new Uint8Array(this.options.photo)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    return fetch(`${this.options.url}/api/save-history/${patientId}`, {
      method: 'POST',
      headers: { ...SESSION_HEADERS, cookie: this.options.cookie },
      body: form,
    });
  }
}
