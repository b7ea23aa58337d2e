import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '@app/contracts/scheduling';
import { formatCalendarDate, formatZoned, zoneHeading } from '../../../lib/dates/format-time.ts';
import type { DayColumn } from '../slot-windows.ts';

interface Position {
  day: number;
  slot: number;
}

/** Available slot positions per day (unavailable slots are skipped by the arrow keys). */
function availableRows(columns: DayColumn[], unavailable: ReadonlySet<number>): number[][] {
  return columns.map((column) =>
    column.slots.flatMap((slot, index) => (unavailable.has(slot.startTimestamp) ? [] : [index])),
  );
}

/**
 * spec 2 §2: arrow keys move focus across available slots. Left/Right go to the nearest day with a
 * free slot (keeping the row as far as it exists), Up/Down move within a day, Home/End to the day's
 * first/last slot. Answers null when there is nowhere to go.
 */
export function moveFocus(
  columns: DayColumn[],
  unavailable: ReadonlySet<number>,
  from: Position,
  key: string,
): Position | null {
  const rows = availableRows(columns, unavailable);
  const inDay = rows[from.day] ?? [];
  const at = inDay.indexOf(from.slot);
  switch (key) {
    case 'ArrowUp':
      return at > 0 ? { day: from.day, slot: inDay[at - 1] ?? from.slot } : null;
    case 'ArrowDown':
      return at >= 0 && at < inDay.length - 1 ? { day: from.day, slot: inDay[at + 1] ?? from.slot } : null;
    case 'Home':
      return inDay.length > 0 ? { day: from.day, slot: inDay[0] ?? 0 } : null;
    case 'End':
      return inDay.length > 0 ? { day: from.day, slot: inDay[inDay.length - 1] ?? 0 } : null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      for (let day = from.day + step; day >= 0 && day < rows.length; day += step) {
        const candidates = rows[day] ?? [];
        if (candidates.length > 0) {
          const row = Math.max(at, 0);
          return { day, slot: candidates[Math.min(row, candidates.length - 1)] ?? 0 };
        }
      }
      return null;
    }
    default:
      return null;
  }
}

function firstAvailable(columns: DayColumn[], unavailable: ReadonlySet<number>): Position | null {
  const rows = availableRows(columns, unavailable);
  for (let day = 0; day < rows.length; day += 1) {
    const first = rows[day]?.[0];
    if (first !== undefined) {
      return { day, slot: first };
    }
  }
  return null;
}

/**
 * The days × slots grid of the time slot picker (spec 2 §2). One slot is in the tab order (roving
 * tabindex); the group is labelled and each day is a labelled group of buttons.
 */
export function SlotGrid({
  columns,
  zone,
  unavailable,
  busy,
  onSelect,
}: {
  columns: DayColumn[];
  zone: string;
  unavailable: ReadonlySet<number>;
  busy: boolean;
  onSelect: (slot: TimeSlot) => void;
}) {
  const { t, i18n } = useTranslation('booking');
  const [active, setActive] = useState<Position | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const valid =
    active !== null &&
    columns[active.day]?.slots[active.slot] !== undefined &&
    !unavailable.has(columns[active.day]?.slots[active.slot]?.startTimestamp ?? -1);
  const current = valid ? active : firstAvailable(columns, unavailable);
  // The zone's name (EST or EDT) as of the window's first slot, else the window's first day.
  const zoneInstant =
    columns.flatMap((column) => column.slots)[0]?.startAt ?? `${columns[0]?.date ?? '1970-01-01'}T12:00:00Z`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, position: Position) {
    const target = moveFocus(columns, unavailable, position, event.key);
    if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
    }
    if (target) {
      setActive(target);
      buttons.current.get(`${target.day}:${target.slot}`)?.focus();
    }
  }

  return (
    <Box
      role="group"
      aria-labelledby="booking-slot-grid-title"
      aria-describedby="booking-slot-grid-zone booking-slot-grid-help"
      aria-busy={busy}
    >
      <Text id="booking-slot-grid-title" fw={700}>
        {t('slots.grid')}
      </Text>
      {/* Slots are times of the department, in its zone, named once for the grid (issue 18 item 4). */}
      <Text id="booking-slot-grid-zone" size="sm">
        {t('slots.zone', { zone: zoneHeading(zone, zoneInstant, i18n.language) })}
      </Text>
      <Text id="booking-slot-grid-help" size="sm" mb="sm">
        {t('slots.gridHelp')}
      </Text>
      <Box
        style={{ display: 'grid', gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))`, gap: 8 }}
      >
        {columns.map((column, dayIndex) => {
          const dayLabel = formatCalendarDate(column.date, i18n.language, 'weekdayLongDayMonth');
          return (
            <Stack key={column.date} gap={6} role="group" aria-label={dayLabel}>
              <Text ta="center" fw={700} aria-hidden>
                {/* The day entry's name and date (spec 2 §2), in the reader's language (issue 18). */}
                {formatCalendarDate(column.date, i18n.language, 'weekday')}
                <br />
                {formatCalendarDate(column.date, i18n.language, 'dayMonthTwoDigit')}
              </Text>
              {column.slots.length === 0 ? (
                <Text ta="center" size="sm">
                  {t('slots.dayEmpty')}
                </Text>
              ) : null}
              {column.slots.map((slot, slotIndex) => {
                const time = formatZoned(slot.startAt, zone, {
                  language: i18n.language,
                  style: 'time',
                  zoneName: 'never',
                });
                const taken = unavailable.has(slot.startTimestamp);
                const isCurrent = current?.day === dayIndex && current.slot === slotIndex;
                return (
                  <UnstyledButton
                    key={slot.startTimestamp}
                    ref={(element: HTMLButtonElement | null) => {
                      const key = `${dayIndex}:${slotIndex}`;
                      if (element) {
                        buttons.current.set(key, element);
                      } else {
                        buttons.current.delete(key);
                      }
                    }}
                    tabIndex={isCurrent ? 0 : -1}
                    disabled={taken}
                    aria-label={`${t('slots.slotLabel', { time, day: dayLabel })}${taken ? `, ${t('slots.unavailable')}` : ''}`}
                    onFocus={() => {
                      setActive({ day: dayIndex, slot: slotIndex });
                    }}
                    onKeyDown={(event) => {
                      onKeyDown(event, { day: dayIndex, slot: slotIndex });
                    }}
                    onClick={() => {
                      if (!busy) {
                        onSelect(slot);
                      }
                    }}
                    className="booking-slot"
                    data-unavailable={taken || undefined}
                    style={{
                      textAlign: 'center',
                      padding: '8px 4px',
                      borderRadius: 6,
                      border: '1px solid var(--app-primary)',
                      color: taken ? 'var(--mantine-color-gray-7)' : 'var(--app-primary)',
                      textDecoration: taken ? 'line-through' : undefined,
                      borderStyle: taken ? 'dashed' : 'solid',
                    }}
                  >
                    {time}
                  </UnstyledButton>
                );
              })}
            </Stack>
          );
        })}
      </Box>
    </Box>
  );
}
