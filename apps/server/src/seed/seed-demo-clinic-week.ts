import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { clinicPatients, consultationTypes, departments, providers } from '../db/schema/clinics.ts';
import { appointments } from '../db/schema/scheduling.ts';

// Decision 0039: /provider/appointments opens on a week that is not empty — the clinic's other
// providers (dr.limited, dr.patel, dr.gomez) have evening visits on each weekday of the next seven
// days, office and telehealth, booked, confirmed and a few cancelled, more than one page of 25.
// Evenings (from 18:00 local) are after every demo working hour, so no free slot a booking test looks
// for is taken; today is left alone (the waiting rooms and dr.smith's day keep their counts); the
// patients have no logins, so the demo logins' own lists stay as other issues describe them.

const PATIENTS = [
  { memberId: 'WEEK-0001', firstName: 'Hannah', lastName: 'Price', birthdate: '1979-03-14' },
  { memberId: 'WEEK-0002', firstName: 'Omar', lastName: 'Haddad', birthdate: '1988-10-02' },
  { memberId: 'WEEK-0003', firstName: 'Lucy', lastName: 'Nguyen', birthdate: '2012-06-21' },
  { memberId: 'WEEK-0004', firstName: 'Peter', lastName: 'Walsh', birthdate: '1950-01-30' },
  { memberId: 'WEEK-0005', firstName: 'Grace', lastName: 'Kim', birthdate: '1995-08-17' },
  { memberId: 'WEEK-0006', firstName: 'Samuel', lastName: 'Ortiz', birthdate: '1968-12-09' },
];

interface Visit {
  department: string;
  type: string;
  video: boolean;
  hour: number;
  minute: number;
}

/** Each provider's two evening visits, in departments where they work. */
const EVENINGS: Record<string, Visit[]> = {
  'dr.limited': [
    { department: 'Riverside Main Clinic', type: 'Follow-up', video: false, hour: 18, minute: 0 },
    { department: 'Riverside Telehealth', type: 'Telehealth visit', video: true, hour: 18, minute: 30 },
  ],
  'dr.patel': [
    { department: 'Lakeside Clinic', type: 'New patient visit', video: false, hour: 18, minute: 0 },
    { department: 'Lakeside Clinic', type: 'Follow-up', video: false, hour: 18, minute: 45 },
  ],
  'dr.gomez': [
    { department: 'Riverside Telehealth', type: 'Telehealth visit', video: true, hour: 18, minute: 0 },
    { department: 'Lakeside Clinic', type: 'Annual physical', video: false, hour: 18, minute: 30 },
  ],
};
const DAYS_AHEAD = 7;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) {
    throw new Error(`Demo clinic week: ${what} is missing`);
  }
  return value;
}

export async function seedDemoClinicWeek(tx: Db, clinicId: string, now: Date): Promise<void> {
  const providerRows = await tx
    .select({ id: providers.id, username: users.username })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(and(eq(providers.clinicId, clinicId), inArray(users.username, Object.keys(EVENINGS))));
  const departmentRows = await tx
    .select({ id: departments.id, name: departments.name, timezone: departments.timezone })
    .from(departments)
    .where(eq(departments.clinicId, clinicId));
  const typeRows = await tx
    .select({
      id: consultationTypes.id,
      name: consultationTypes.name,
      minutes: consultationTypes.durationMinutes,
    })
    .from(consultationTypes)
    .where(eq(consultationTypes.clinicId, clinicId));
  const patients = await tx
    .insert(users)
    .values(
      PATIENTS.map((patient) => ({
        ...patient,
        memberType: 'patient' as const,
        email: `${patient.firstName.toLowerCase()}.${patient.lastName.toLowerCase()}@example.com`,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: users.id });
  await tx
    .insert(clinicPatients)
    .values(patients.map((patient) => ({ clinicId, userId: patient.id, registeredAt: now })));

  const values: (typeof appointments.$inferInsert)[] = [];
  for (let offset = 1; offset <= DAYS_AHEAD; offset += 1) {
    for (const [username, visits] of Object.entries(EVENINGS)) {
      const provider = required(
        providerRows.find((row) => row.username === username),
        username,
      );
      for (const visit of visits) {
        const department = required(
          departmentRows.find((row) => row.name === visit.department),
          visit.department,
        );
        const day = DateTime.fromJSDate(now, { zone: department.timezone })
          .startOf('day')
          .plus({ days: offset });
        // Weekdays only: the clinic's evening hours.
        if (day.weekday > 5) {
          continue;
        }
        const type = required(
          typeRows.find((row) => row.name === visit.type),
          visit.type,
        );
        const start = day.set({ hour: visit.hour, minute: visit.minute });
        const index = values.length;
        const patient = required(patients[index % patients.length], 'patient');
        // A mix the status filter can show: every seventh cancelled, every third confirmed.
        const status = index % 7 === 3 ? 'cancelled' : index % 3 === 1 ? 'confirmed' : 'booked';
        values.push({
          clinicId,
          patientUserId: patient.id,
          providerId: provider.id,
          departmentId: department.id,
          consultationTypeId: type.id,
          startAt: start.toJSDate(),
          finishAt: start.plus({ minutes: type.minutes }).toJSDate(),
          type: visit.video ? 'video_call' : 'office',
          status,
          comment: visit.type === 'New patient visit' ? 'New to the area' : null,
          bookedByUserId: patient.id,
          confirmedAt: status === 'confirmed' ? now : null,
          cancelledAt: status === 'cancelled' ? now : null,
          cancelledByUserId: status === 'cancelled' ? patient.id : null,
          createdAt: now,
        });
      }
    }
  }
  await tx.insert(appointments).values(values);
}
