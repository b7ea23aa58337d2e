import type { SchedulingOptions } from '@app/contracts/scheduling';

// spec 2 §5 provider-list rules, kept apart from the screen so each rule has a unit test.

export type MissingFilter = 'state' | 'insurance' | 'specialty' | 'visitType';

export interface ChosenFilters {
  stateId: string | null;
  insuranceId: string | null;
  specialtyId: string | null;
  visitTypeId: string | null;
}

/**
 * spec 2 §5: scheduling is blocked when no visit type is chosen; when more than one state exists and
 * none is chosen; when an insurance or specialty list exists and none is chosen. The care manager
 * needs only the visit type.
 */
export function missingFilters(
  options: Pick<SchedulingOptions, 'states' | 'insurances' | 'specialties'>,
  chosen: ChosenFilters,
  careManager: boolean,
): MissingFilter[] {
  const missing: MissingFilter[] = [];
  if (!careManager) {
    if (options.states.length > 1 && !chosen.stateId) {
      missing.push('state');
    }
    if (options.insurances.length > 0 && !chosen.insuranceId) {
      missing.push('insurance');
    }
    if (options.specialties.length > 0 && !chosen.specialtyId) {
      missing.push('specialty');
    }
  }
  if (!chosen.visitTypeId) {
    missing.push('visitType');
  }
  return missing;
}

/** 'A', 'A and B', 'A, B and C' (the {labels} of the 'Almost done!' text). */
export function joinLabels(labels: string[], and: string): string {
  if (labels.length <= 1) {
    return labels.join('');
  }
  return `${labels.slice(0, -1).join(', ')} ${and} ${labels[labels.length - 1] ?? ''}`;
}

/** spec 2 §5: recurring days chosen without a repeat period open the recurring 'Almost done!' dialog. */
export function recurringNeedsPeriod(days: number[], repeatPeriod: number | null): boolean {
  return days.length > 0 && repeatPeriod === null;
}

/** The booking comment as sent: only when it is not blank after trimming (spec 2 §3). */
export function commentToSend(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

/**
 * spec 2 §4 recurring booking: each slot is created separately; a failed create yields -1. Answers the
 * ids (or -1) in slot order.
 */
export async function createEach<T>(
  slots: T[],
  create: (slot: T) => Promise<string>,
): Promise<(string | -1)[]> {
  const ids: (string | -1)[] = [];
  for (const slot of slots) {
    try {
      ids.push(await create(slot));
    } catch {
      ids.push(-1);
    }
  }
  return ids;
}

/** What the patient's profile says about the booking filters (issue 18). */
export interface ProfileFilterSource {
  /** The state of the patient's address (demographics), e.g. 'NY'. */
  stateId: string | null;
  /** The insurance companies of the patient's cards, primary first. */
  insuranceNames: string[];
}

function sameName(a: string, b: string): boolean {
  return a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'base' }) === 0;
}

/**
 * Issue 18: State and Insurance start from the patient's profile when the clinic offers them: the
 * address's state when it is one of the listed states (the filter shows only with more than one), the
 * first card whose insurance company is listed by name. The person may change both.
 */
export function profileFilters(
  options: Pick<SchedulingOptions, 'states' | 'insurances'>,
  profile: ProfileFilterSource,
): { stateId?: string; insuranceId?: string } {
  const filters: { stateId?: string; insuranceId?: string } = {};
  const state = options.states.find((item) => item.id === profile.stateId);
  if (options.states.length > 1 && state) {
    filters.stateId = state.id;
  }
  for (const name of profile.insuranceNames) {
    const insurance = options.insurances.find((item) => sameName(item.name, name));
    if (insurance) {
      filters.insuranceId = insurance.id;
      break;
    }
  }
  return filters;
}
