import { z } from 'zod';
import { singleLineText } from './text.ts';
import { providerPermissionSchema } from './roles.ts';

// Development-only scheduling fixtures (NODE_ENV !== 'production'): end-to-end tests add a bookable
// provider of their own, or time off, to a running server's clinic (issue 4).

const localTime = singleLineText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM');

/** POST /dev/fixtures/scheduling/providers */
export const fixtureSchedulingProviderSchema = z.object({
  clinicNumber: z.number().int(),
  firstName: singleLineText().min(1).max(100).default('Fixture'),
  lastName: singleLineText().min(1).max(100).default('Provider'),
  /** With a password the provider can log in too. */
  username: singleLineText().min(1).max(100).optional(),
  password: singleLineText().min(1).max(127).optional(),
  permissions: z.array(providerPermissionSchema).default([]),
  /** An existing department of the clinic, by name. */
  departmentName: singleLineText().min(1).max(200),
  /** Existing consultation types of the clinic, by name, offered in that department. */
  consultationTypeNames: z.array(singleLineText().min(1).max(200)).min(1).max(20),
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).default([1, 2, 3, 4, 5, 6, 7]),
  start: localTime.default('09:00'),
  end: localTime.default('17:00'),
  bookingOpenDate: z.iso.date().nullable().default(null),
  bookingCloseDate: z.iso.date().nullable().default(null),
  acceptingNewPatients: z.boolean().default(true),
});
export type FixtureSchedulingProvider = z.input<typeof fixtureSchedulingProviderSchema>;
export const fixtureSchedulingProviderResponseSchema = z.object({
  providerId: z.string(),
  userId: z.string(),
});

/** POST /dev/fixtures/scheduling/time-off */
export const fixtureTimeOffSchema = z
  .object({
    providerId: z.uuid(),
    startAt: z.iso.datetime({ offset: true }),
    finishAt: z.iso.datetime({ offset: true }),
  })
  .refine((value) => Date.parse(value.finishAt) > Date.parse(value.startAt), {
    message: 'finishAt must be after startAt',
    path: ['finishAt'],
  });
export type FixtureTimeOff = z.input<typeof fixtureTimeOffSchema>;
export const fixtureTimeOffResponseSchema = z.object({ id: z.string() });
