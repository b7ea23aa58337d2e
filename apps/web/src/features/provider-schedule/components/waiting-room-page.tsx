import { Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  WAITING_ROOM_TABS,
  type PatientStatusChange,
  type ProviderAppointment,
  type WaitingRoomKind,
  type WaitingRoomResponse,
  type WaitingRoomTab,
} from '@app/contracts/provider-schedule';
import { Button } from '../../../components/ui/button.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { useSetTitleBadge } from '../../../lib/page-title/title-badge.ts';
import { useAppConfig } from '../../../lib/variant/app-config.ts';
import { changePatientStatus, walkInArrived } from '../api/appointment-actions.ts';
import { useWaitingRoom, WAITING_ROOM_KEY } from '../api/get-waiting-room.ts';
import { filtersOf } from '../api/paths.ts';
import { useWaitingRoomEvents } from '../use-waiting-room-events.ts';
import { filterIconFor } from '../schedule-rules.ts';
import { formatAtOffset, formatZoned } from '../../../lib/dates/format-time.ts';
import { newArrivals, openingTab, waitingPatients } from '../waiting-room-rules.ts';
import { FilterLinks } from './filter-links.tsx';
import { VideoCallStatusBadge } from './video-call-status.tsx';
import { VideoJoinLink } from './video-join-link.tsx';

/** What each tab's rows can do next (decision 0024: scheduled → outside → called in → in office). */
const NEXT: Partial<
  Record<
    WaitingRoomTab,
    { status: PatientStatusChange['patientStatus']; label: 'markOutside' | 'inviteIn' | 'arrived' }
  >
> = {
  scheduled: { status: 'outside', label: 'markOutside' },
  outside: { status: 'called-in', label: 'inviteIn' },
  'called-in': { status: 'in-office', label: 'arrived' },
};

function AppointmentTable({
  rows,
  tab,
  clinicId,
}: {
  rows: ProviderAppointment[];
  tab: WaitingRoomTab;
  clinicId: string;
}) {
  const { t, i18n } = useTranslation('providerSchedule');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (input: { id: string; status: PatientStatusChange['patientStatus'] }) =>
      changePatientStatus(clinicId, input.id, { patientStatus: input.status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WAITING_ROOM_KEY] }),
  });
  const next = NEXT[tab];
  if (rows.length === 0) {
    return <p>{t('noAppointments')}</p>;
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('time')}</Table.Th>
            <Table.Th scope="col">{t('patient')}</Table.Th>
            <Table.Th scope="col">{t('birthdate')}</Table.Th>
            <Table.Th scope="col">{t('provider')}</Table.Th>
            <Table.Th scope="col">{t('department')}</Table.Th>
            <Table.Th scope="col">{t('actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.appointmentId}>
              <Table.Td>
                {formatZoned(row.appointmentStartAt, row.timezone, {
                  language: i18n.language,
                  style: 'time',
                })}
              </Table.Td>
              <Table.Td>
                {row.patientName} <VideoCallStatusBadge status={row.videoCallStatus} />
              </Table.Td>
              <Table.Td>{row.patientBirthdate ?? ''}</Table.Td>
              <Table.Td>{row.doctorName}</Table.Td>
              <Table.Td>{row.departmentName}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <VideoJoinLink appointment={row} />
                  {next ? (
                    <Button
                      variant="outline"
                      aria-label={`${t(next.label)}: ${row.patientName}`}
                      disabled={change.isPending}
                      onClick={() => {
                        change.mutate({ id: row.appointmentId, status: next.status });
                      }}
                    >
                      {t(next.label)}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface RoomReading {
  data: WaitingRoomResponse | undefined;
  /** The room and filters read: another room or filter is a new first reading, not arrivals. */
  key: string;
  waiting: ReturnType<typeof waitingPatients> | null;
  announcement: string;
}

/**
 * Decision 0052: everyone waiting now (the title's count) and the announcement of who has newly
 * arrived since the last reading (a live event or the 15 s poll refetches the room). Worked out while
 * rendering, from the previous reading kept in state, so the count and the text change with the rows.
 */
function useArrivals(
  data: WaitingRoomResponse | undefined,
  tabs: readonly WaitingRoomTab[],
  key: string,
): { waiting: number; announcement: string } {
  const { t, i18n } = useTranslation('providerSchedule');
  const [reading, setReading] = useState<RoomReading>({
    data: undefined,
    key,
    waiting: null,
    announcement: '',
  });
  if (reading.data !== data || reading.key !== key) {
    const sameRoom = reading.key === key;
    const current = data ? waitingPatients(data, tabs) : null;
    const names = current ? newArrivals(sameRoom ? reading.waiting : null, current) : [];
    const announcement =
      names.length === 0
        ? sameRoom
          ? reading.announcement
          : ''
        : names.length === 1
          ? t('arrivalOne', { name: names[0] })
          : t('arrivalMany', {
              names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names),
            });
    setReading({
      data,
      key,
      // While another room's rows load, nobody is counted (the next reading is a first one).
      waiting: current ?? (sameRoom ? reading.waiting : null),
      announcement,
    });
  }
  return { waiting: reading.waiting?.size ?? 0, announcement: reading.announcement };
}

/** spec 3 §2 Waiting room (telehealth) and DriveUp: status tabs with counters, the in-line tab. */
export function WaitingRoomPage() {
  const { t, i18n } = useTranslation('providerSchedule');
  const config = useAppConfig();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const workspace = useProviderWorkspace().data;
  const kind: WaitingRoomKind = pathname.startsWith('/provider/waiting-room-telehealth')
    ? 'telehealth'
    : 'drive-up';
  const base = kind === 'telehealth' ? '/provider/waiting-room-telehealth' : '/provider/waiting-room';
  // The room's permission and PATIENT_OUTSIDE (spec 3 §6) are the router's guard (PROVIDER_ROUTE_GATES).
  const allowed = workspace !== undefined;
  const clinicId = workspace?.clinicId ?? '';
  const filters = filtersOf(search);
  const room = useWaitingRoom(clinicId, kind, filters);
  useWaitingRoomEvents(allowed ? clinicId : null);
  // The telehealth room has no walk-ins: no in-line tab there.
  const tabs = WAITING_ROOM_TABS.filter((name) => kind === 'drive-up' || name !== 'in-line');
  // Decision 0052: the room opens on the tab where patients wait (openingTab) and follows the rows
  // until the provider picks a tab by hand; that choice stays (for this room).
  const [chosen, setChosen] = useState<{ kind: WaitingRoomKind; tab: WaitingRoomTab } | null>(null);
  const tab = chosen?.kind === kind ? chosen.tab : openingTab(tabs, room.data);
  const { waiting, announcement } = useArrivals(room.data, tabs, `${kind}?${search.toString()}`);
  useSetTitleBadge(waiting);
  const queryClient = useQueryClient();
  const arrived = useMutation({
    mutationFn: (walkInId: string) => walkInArrived(clinicId, walkInId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [WAITING_ROOM_KEY] }),
  });
  if (!workspace) {
    return <p>{t('loading')}</p>;
  }
  const title = kind === 'telehealth' ? t('telehealthTitle') : t('driveUpTitle');
  const data = room.data;
  const filterIcon = filterIconFor(config.variant, pathname);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <h1>{title}</h1>
        {filterIcon ? (
          <FilterLinks base={base} search={search} withLocations={false} icon={filterIcon} />
        ) : null}
      </Group>
      {/* Always in the page, so screen readers announce the text when it changes (WCAG 4.1.3). */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {announcement ? (
          <Paper
            withBorder
            p="sm"
            radius="md"
            bg="var(--mantine-color-blue-light)"
            c="var(--mantine-color-blue-9)"
          >
            <Group gap="xs" wrap="nowrap">
              <IconBellRinging size={20} aria-hidden="true" focusable="false" />
              <Text fw={600}>{announcement}</Text>
            </Group>
          </Paper>
        ) : null}
      </div>
      {room.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value) {
            setChosen({ kind, tab: value as WaitingRoomTab });
          }
        }}
      >
        <Tabs.List className="scroll-tabs">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t('tabLabel', { name: t(`tab_${name}`), count: data?.counts[name] ?? 0 })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {!data ? (
              <p>{t('loading')}</p>
            ) : name === 'in-line' ? (
              data.walkIns.length === 0 ? (
                <p>{t('noAppointments')}</p>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('department')}</Table.Th>
                        <Table.Th scope="col">{t('eta')}</Table.Th>
                        <Table.Th scope="col">{t('name')}</Table.Th>
                        <Table.Th scope="col">{t('birthdate')}</Table.Th>
                        <Table.Th scope="col">{t('actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.walkIns.map((walkIn) => (
                        <Table.Tr key={walkIn.id}>
                          <Table.Td>{walkIn.departmentName}</Table.Td>
                          <Table.Td>
                            {walkIn.eta
                              ? formatAtOffset(walkIn.eta, { language: i18n.language, style: 'time' })
                              : ''}
                          </Table.Td>
                          <Table.Td>{`${walkIn.firstName} ${walkIn.lastName}`}</Table.Td>
                          <Table.Td>{walkIn.birthdate ?? ''}</Table.Td>
                          <Table.Td>
                            <Button
                              variant="outline"
                              aria-label={`${t('arrived')}: ${walkIn.firstName} ${walkIn.lastName}`}
                              disabled={arrived.isPending}
                              onClick={() => {
                                arrived.mutate(walkIn.id);
                              }}
                            >
                              {t('arrived')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            ) : (
              <AppointmentTable
                rows={data.appointments.filter((row) => (row.patientStatus ?? 'scheduled') === name)}
                tab={name}
                clinicId={clinicId}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
