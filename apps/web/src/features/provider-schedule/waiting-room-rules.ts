import type {
  ProviderAppointment,
  WaitingRoomResponse,
  WaitingRoomTab,
} from '@app/contracts/provider-schedule';

// Issue 18 item 3 (decision 0052): which tab the waiting room opens on and who has just arrived.
//
// A patient is *waiting* when they are there and nobody has come for them yet:
// - an appointment whose patient status is 'outside' (the patient said they are outside, or the front
//   desk marked them so), in either room;
// - a video visit whose patient is in the video room without the provider ('patient-waiting'),
//   whatever tab its patient status puts it in (usually Scheduled);
// - a walk-in in line (DriveUp's In line tab).
// Called in (on their way in), in office, in the call, left or ended are not waiting.

/** The tab an appointment row is listed under (decision 0024: no status yet is 'scheduled'). */
export function tabOfAppointment(row: ProviderAppointment): WaitingRoomTab {
  return row.patientStatus ?? 'scheduled';
}

export function isAppointmentWaiting(row: ProviderAppointment): boolean {
  return row.patientStatus === 'outside' || row.videoCallStatus === 'patient-waiting';
}

/** Everyone waiting in the room now, by a key stable across refetches, with their name. */
export function waitingPatients(
  data: WaitingRoomResponse,
  tabs: readonly WaitingRoomTab[],
): Map<string, { name: string; tab: WaitingRoomTab }> {
  const waiting = new Map<string, { name: string; tab: WaitingRoomTab }>();
  for (const row of data.appointments) {
    const tab = tabOfAppointment(row);
    if (tabs.includes(tab) && isAppointmentWaiting(row)) {
      waiting.set(`appointment:${row.appointmentId}`, { name: row.patientName, tab });
    }
  }
  if (tabs.includes('in-line')) {
    for (const walkIn of data.walkIns) {
      waiting.set(`walk-in:${walkIn.id}`, {
        name: `${walkIn.firstName} ${walkIn.lastName}`,
        tab: 'in-line',
      });
    }
  }
  return waiting;
}

function rowsOf(data: WaitingRoomResponse, tab: WaitingRoomTab): number {
  return tab === 'in-line'
    ? data.walkIns.length
    : data.appointments.filter((row) => tabOfAppointment(row) === tab).length;
}

/**
 * The tab the room shows until the provider picks one by hand: the first tab, in the screen's order,
 * where someone is waiting; if nobody is, the first tab with anyone in it; an empty room shows its
 * first tab. Before the rows arrive, the first tab.
 */
export function openingTab(
  tabs: readonly WaitingRoomTab[],
  data: WaitingRoomResponse | undefined,
): WaitingRoomTab {
  const first = tabs[0] ?? 'scheduled';
  if (!data) {
    return first;
  }
  const waiting = [...waitingPatients(data, tabs).values()];
  return (
    tabs.find((tab) => waiting.some((patient) => patient.tab === tab)) ??
    tabs.find((tab) => rowsOf(data, tab) > 0) ??
    first
  );
}

/**
 * Who has newly arrived between two readings of the room: waiting now and not waiting before. The first
 * reading (previous null) announces nobody: they were there before the provider looked.
 */
export function newArrivals(
  previous: ReadonlyMap<string, { name: string }> | null,
  current: ReadonlyMap<string, { name: string }>,
): string[] {
  if (!previous) {
    return [];
  }
  return [...current.entries()].filter(([key]) => !previous.has(key)).map(([, patient]) => patient.name);
}
