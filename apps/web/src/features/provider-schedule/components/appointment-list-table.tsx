import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentListItem, AppointmentListResponse } from '@app/contracts/provider-appointments';
import { APPOINTMENT_LIST_KEY } from '../api/list-appointments.ts';
import { SCHEDULE_KEY } from '../api/get-schedule.ts';
import { appointmentDateTime, formatDay, pageCount } from '../appointment-list-format.ts';
import { RowActions } from './row-actions.tsx';
import { TypeIcon } from './type-icon.tsx';
import { VideoCallStatusBadge } from './video-call-status.tsx';

interface TableProps {
  list: AppointmentListResponse;
  clinicId: string;
  canOpenPatient: boolean;
  quickPrepModule: boolean;
  busy: boolean;
}

const REFRESH_KEYS = [APPOINTMENT_LIST_KEY, SCHEDULE_KEY] as const;
/** Cancelled and completed visits have nothing left to do. */
const CLOSED = new Set<AppointmentListItem['status']>(['cancelled', 'completed']);

/** The column's name inside a cell, for the card layout below 768 px (the header gives it to readers). */
function CardLabel({ children }: { children: string }) {
  return (
    <span className="appointment-table__label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * Decision 0039: the page of appointments as a table with a caption and column headers (the patient
 * is each row's header), which becomes a list of cards below 768 px without changing its markup. The
 * explicit roles keep the table's meaning for screen readers when the cards' CSS makes it blocks.
 */
export function AppointmentListTable({ list, clinicId, canOpenPatient, quickPrepModule, busy }: TableProps) {
  const { t, i18n } = useTranslation('providerSchedule');
  const columns = {
    when: t('list_dateTime'),
    patient: t('patient'),
    provider: t('provider'),
    department: t('department'),
    visit: t('list_visit'),
    status: t('list_status'),
    actions: t('actions'),
  };
  return (
    <div className="appointment-table__wrap">
      <table role="table" className="appointment-table" aria-busy={busy}>
        <caption className="app-visually-hidden">
          {t('list_caption', {
            from: formatDay(list.from, i18n.language),
            to: formatDay(list.to, i18n.language),
            page: String(list.page),
            pages: String(pageCount(list.total, list.pageSize)),
          })}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              {columns.when}
            </th>
            <th role="columnheader" scope="col">
              {columns.patient}
            </th>
            <th role="columnheader" scope="col">
              {columns.provider}
            </th>
            <th role="columnheader" scope="col">
              {columns.department}
            </th>
            <th role="columnheader" scope="col">
              {columns.visit}
            </th>
            <th role="columnheader" scope="col">
              {columns.status}
            </th>
            <th role="columnheader" scope="col">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {list.appointments.map((row) => {
            const when = appointmentDateTime(row.appointmentStartAt, row.timezone, i18n.language);
            return (
              <tr role="row" key={row.appointmentId} className={`appointment-table__row--${row.status}`}>
                <td role="cell">
                  <CardLabel>{columns.when}</CardLabel>
                  <span className="appointment-table__when">
                    <strong>{when.date}</strong> <span>{when.time}</span>
                  </span>
                </td>
                <th role="rowheader" scope="row">
                  <CardLabel>{columns.patient}</CardLabel>
                  {canOpenPatient ? (
                    <Link to={`/provider/patient/${encodeURIComponent(row.patientId)}`}>
                      {row.patientName}
                    </Link>
                  ) : (
                    <span>{row.patientName}</span>
                  )}
                </th>
                <td role="cell">
                  <CardLabel>{columns.provider}</CardLabel>
                  <span>
                    {row.doctorName}
                    {row.doctorTitle ? `, ${row.doctorTitle}` : ''}
                  </span>
                </td>
                <td role="cell">
                  <CardLabel>{columns.department}</CardLabel>
                  <span>
                    {row.departmentName}
                    {row.locationName ? (
                      <span className="appointment-table__muted"> · {row.locationName}</span>
                    ) : null}
                  </span>
                </td>
                <td role="cell">
                  <CardLabel>{columns.visit}</CardLabel>
                  <span className="appointment-table__visit">
                    <span>{row.appointmentTitle}</span>
                    <span className="appointment-table__type">
                      <span aria-hidden="true">
                        <TypeIcon type={row.type} />
                      </span>
                      {row.type === 'video_call' ? t('list_typeVideo') : t('list_typeOffice')}
                    </span>
                  </span>
                </td>
                <td role="cell">
                  <CardLabel>{columns.status}</CardLabel>
                  <span className="appointment-table__status-cell">
                    <span className={`appointment-status appointment-status--${row.status}`}>
                      {t(`status_${row.status}`)}
                    </span>
                    <VideoCallStatusBadge status={row.videoCallStatus} />
                  </span>
                </td>
                <td role="cell">
                  <CardLabel>{columns.actions}</CardLabel>
                  <div className="appointment-table__actions">
                    {CLOSED.has(row.status) ? (
                      <span className="appointment-table__muted">{t('list_noActions')}</span>
                    ) : (
                      <RowActions
                        appointment={row}
                        clinicId={clinicId}
                        day={row.day}
                        quickPrepModule={quickPrepModule}
                        refreshKeys={REFRESH_KEYS}
                      />
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
