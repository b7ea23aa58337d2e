import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../test/build-test-app.ts';
import {
  createClinicPatient,
  createSchedulingWorld,
  insertAppointment,
  type SchedulingWorld,
} from '../appointments/appointments-test-helpers.ts';
import { loginTokens } from '../auth/auth-test-helpers.ts';

/**
 * The world of the care-task route tests (documents, insurance...): an app with its own files
 * directory, a clinic with its provider, two patients (jane has a visit tomorrow, mark is the other
 * patient of the same clinic) and a provider of another clinic, all signed in.
 */
export interface CheckInTestWorld {
  t: TestApp;
  /** DATA_DIR of this app: the stored files live below it. */
  dataDir: string;
  world: SchedulingWorld;
  jane: { id: string; token: string };
  mark: { id: string; token: string };
  provider: { token: string };
  otherProvider: { token: string };
  /** jane's visit tomorrow at the world's clinic. */
  appointmentId: string;
  /** Closes the app and removes its files. */
  close: () => Promise<void>;
}

export async function buildCheckInTestWorld(
  name: string,
  options: TestAppOptions = {},
): Promise<CheckInTestWorld> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `care-${name}-`));
  const t = await buildTestApp(
    {
      DATA_DIR: dataDir,
      ...(options.logStream ? { LOG_LEVEL: 'error' as const } : {}),
      AUTH_RATE_LIMIT_PER_IP: 10_000,
      AUTH_RATE_LIMIT_PER_ACCOUNT: 10_000,
    },
    options,
  );
  const world = await createSchedulingWorld(t.context.db);
  const otherWorld = await createSchedulingWorld(t.context.db);
  const signIn = async (username: string) => (await loginTokens(t.app, username)).access_token;
  const janeUser = await createClinicPatient(t.context.db, world.clinicId);
  const markUser = await createClinicPatient(t.context.db, world.clinicId);
  const appointment = await insertAppointment(t.context.db, world, {
    patientUserId: janeUser.id,
    startAt: new Date(t.context.now().getTime() + 86_400_000),
  });
  return {
    t,
    dataDir,
    world,
    jane: { id: janeUser.id, token: await signIn(janeUser.username) },
    mark: { id: markUser.id, token: await signIn(markUser.username) },
    provider: { token: await signIn(world.provider.username) },
    otherProvider: { token: await signIn(otherWorld.provider.username) },
    appointmentId: appointment.id,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
