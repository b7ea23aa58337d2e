import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import userEvent from '@testing-library/user-event';
import type { TimeSlot } from '@app/contracts/scheduling';
import { es } from '../../../lib/i18n/es.ts';
import { bookingEs } from '../i18n/es.ts';
import { dayColumns } from '../slot-windows.ts';
import { Providers } from './booking-test-utils.tsx';
import { moveFocus, SlotGrid } from './slot-grid.tsx';

const ZONE = 'America/New_York';
function slot(startAt: string): TimeSlot {
  return { startTimestamp: Date.parse(startAt) / 1000, startAt, finishAt: startAt, externalId: startAt };
}
// Mon: 9:00, 9:30, 10:00; Tue: none; Wed: 14:00, 14:30.
const slots = [
  slot('2026-11-23T09:00:00-05:00'),
  slot('2026-11-23T09:30:00-05:00'),
  slot('2026-11-23T10:00:00-05:00'),
  slot('2026-11-25T14:00:00-05:00'),
  slot('2026-11-25T14:30:00-05:00'),
];
const columns = dayColumns('2026-11-23', 3, slots, ZONE);

describe('moveFocus (spec 2 §2 arrow keys)', () => {
  const none = new Set<number>();
  it('moves within a day with Up/Down and Home/End', () => {
    expect(moveFocus(columns, none, { day: 0, slot: 0 }, 'ArrowDown')).toEqual({ day: 0, slot: 1 });
    expect(moveFocus(columns, none, { day: 0, slot: 0 }, 'ArrowUp')).toBeNull();
    expect(moveFocus(columns, none, { day: 0, slot: 0 }, 'End')).toEqual({ day: 0, slot: 2 });
    expect(moveFocus(columns, none, { day: 0, slot: 2 }, 'Home')).toEqual({ day: 0, slot: 0 });
  });

  it('skips days without free slots with Left/Right and keeps the row where it can', () => {
    expect(moveFocus(columns, none, { day: 0, slot: 2 }, 'ArrowRight')).toEqual({ day: 2, slot: 1 });
    expect(moveFocus(columns, none, { day: 2, slot: 0 }, 'ArrowLeft')).toEqual({ day: 0, slot: 0 });
    expect(moveFocus(columns, none, { day: 2, slot: 0 }, 'ArrowRight')).toBeNull();
  });

  it('skips unavailable slots', () => {
    const taken = new Set([slots[1]?.startTimestamp ?? 0]);
    expect(moveFocus(columns, taken, { day: 0, slot: 0 }, 'ArrowDown')).toEqual({ day: 0, slot: 2 });
  });
});

describe('SlotGrid', () => {
  it('has one tab stop, moves focus with the arrow keys and chooses with Enter', async () => {
    const onSelect = vi.fn();
    render(
      <Providers>
        <button type="button">before</button>
        <SlotGrid columns={columns} zone={ZONE} unavailable={new Set()} busy={false} onSelect={onSelect} />
      </Providers>,
    );
    expect(screen.getByRole('group', { name: 'Available times' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Monday, November 23' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '9:00 AM, Monday, November 23' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: '9:30 AM, Monday, November 23' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: '2:30 PM, Wednesday, November 25' })).toHaveFocus();
    // Only the current slot is in the tab order.
    expect(screen.getByRole('button', { name: '9:00 AM, Monday, November 23' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(slots[4]);
  });

  it("names the days in the reader's language (issue 18)", async () => {
    const { container } = render(
      <Providers>
        <SlotGrid columns={columns} zone={ZONE} unavailable={new Set()} busy={false} onSelect={vi.fn()} />
      </Providers>,
    );
    const firstDay = (root: HTMLElement) => root.querySelector('[role="group"] > [aria-hidden]')?.textContent;
    expect(firstDay(container)).toBe('MonNov 23');

    const spanish = i18next.createInstance();
    await spanish.use(initReactI18next).init({
      lng: 'es',
      resources: { es: { translation: es, booking: bookingEs } },
      keySeparator: false,
      nsSeparator: false,
      showSupportNotice: false,
    });
    const inSpanish = render(
      <MantineProvider env="test">
        <I18nextProvider i18n={spanish}>
          <SlotGrid columns={columns} zone={ZONE} unavailable={new Set()} busy={false} onSelect={vi.fn()} />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(firstDay(inSpanish.container)).toMatch(/^lun.*23 nov/);
  });

  it('marks an unavailable slot in words and disables it', () => {
    render(
      <Providers>
        <SlotGrid
          columns={columns}
          zone={ZONE}
          unavailable={new Set([slots[0]?.startTimestamp ?? 0])}
          busy={false}
          onSelect={vi.fn()}
        />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: '9:00 AM, Monday, November 23, unavailable' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '9:30 AM, Monday, November 23' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});
