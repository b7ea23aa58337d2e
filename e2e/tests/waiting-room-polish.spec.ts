import type { APIRequestContext, Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { expect, test } from '../fixtures/test.ts';
import { AccessibilityWatch } from '../fixtures/accessibility.ts';
import { DEMO } from '../fixtures/demo.ts';
import { signInByApi } from '../fixtures/session.ts';
import { createAppointment, createUser, uniqueName } from '../fixtures/dev-fixtures.ts';

// Issue 18 item 3 (decision 0052): the telehealth waiting room opens on the tab where patients wait,
// keeps a tab picked by hand, and announces an arrival in the page title and a polite live message;
// the provider's footer tabs fit a 360 px phone without breaking a word.
test.use({ timezoneId: 'America/New_York' });

const ZONE = 'America/New_York';

/** A patient of the demo clinic with a video visit early today (before any hours). */
async function videoPatientToday(request: APIRequestContext, firstName: string, slot: number) {
  const lastName =
    uniqueName('Wait')
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 12) || 'Wait';
  const user = await createUser(request, {
    firstName,
    lastName,
    email: `${uniqueName(firstName.toLowerCase())}@example.com`,
    birthdate: '1985-03-04',
    clinicNumbers: [1001],
  });
  const startAt = DateTime.now()
    .setZone(ZONE)
    .startOf('day')
    .set({ hour: 5, minute: 0 })
    .plus({ minutes: slot * 15 });
  await createAppointment(request, {
    userId: user.id,
    // dr.gomez sees patients by video (dr.smith only in the office); the room lists the clinic's visits.
    providerUsername: 'dr.gomez',
    consultationTypeName: 'Telehealth visit',
    departmentName: 'Riverside Telehealth',
    startAt: startAt.toISO() ?? '',
  });
  return `${firstName} ${lastName}`;
}

/** A tab's name is its word, then ", new items" for screen readers when its red dot shows. */
const words = (list: string[]) => list.map((word) => new RegExp(`^${word}(, .+)?$`));
const room = (page: Page) => page.getByRole('tablist');
const titleCount = async (page: Page) => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? '0');

test('the telehealth room opens where patients wait and announces a new arrival', async ({
  page,
  context,
  request,
}) => {
  // Two different quarter hours of dr.gomez's early morning.
  const first = Math.floor(Math.random() * 4);
  const ana = await videoPatientToday(request, 'Ana', first);
  const bruno = await videoPatientToday(request, 'Bruno', first + 4);

  // The front desk, in a second tab, picks Scheduled by hand and marks Ana outside.
  const desk = await context.newPage();
  const deskWatch = new AccessibilityWatch(desk);
  await signInByApi(desk, DEMO.provider, { open: '/provider/waiting-room-telehealth' });
  await expect(desk.getByRole('heading', { level: 1, name: 'Telehealth Waiting Room' })).toBeVisible();
  await room(desk)
    .getByRole('tab', { name: /^Scheduled/ })
    .click();
  await desk.getByRole('button', { name: `Outside: ${ana}` }).click();
  await expect(desk.getByRole('row', { name: new RegExp(ana) })).toBeHidden();

  // The provider opens the room: it shows the Outside tab, where Ana waits, and counts her in the title.
  await signInByApi(page, DEMO.provider, { open: '/provider/waiting-room-telehealth' });
  await expect(page.getByRole('heading', { level: 1, name: 'Telehealth Waiting Room' })).toBeVisible();
  await expect(room(page).getByRole('tab', { name: /^Outside/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(ana) })).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) Telehealth Waiting Room \| /);
  const before = await titleCount(page);
  expect(before).toBeGreaterThanOrEqual(1);
  // Nobody is announced for being there already.
  await expect(page.getByRole('status').filter({ hasText: 'has arrived' })).toHaveCount(0);

  // Bruno arrives while the room is open: the live event brings him, the title and a polite message say so.
  await desk.getByRole('button', { name: `Outside: ${bruno}` }).click();
  const announcement = page.getByRole('status').filter({ hasText: `${bruno} has arrived` });
  await expect(announcement).toBeVisible();
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  await expect(page).toHaveTitle(new RegExp(`^\\(${String(before + 1)}\\) Telehealth Waiting Room \\| `));
  await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(bruno) })).toBeVisible();

  // The tab the front desk picked by hand stays picked, although patients now wait under Outside.
  await expect(room(desk).getByRole('tab', { name: /^Scheduled/ })).toHaveAttribute('aria-selected', 'true');

  // Both are invited in: nobody of this test waits any more, and the count drops.
  for (const name of [ana, bruno]) {
    await page.getByRole('button', { name: `Invite In: ${name}` }).click();
    await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(name) })).toBeHidden();
  }
  await expect(page).not.toHaveTitle(new RegExp(`^\\(${String(before + 1)}\\) `));
  await deskWatch.finish();
});

test('on a 360 px phone every footer tab shows its icon and one unbroken word, and the menu button one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByApi(page, DEMO.provider, { open: '/provider/appointment' });
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  const footer = page.getByRole('navigation', { name: /^(Workspace tabs|Pestañas del espacio de trabajo)$/ });
  const tabs = footer.getByRole('link');
  await expect(tabs).toHaveText(
    words(['Schedule', 'Messages', 'Worklist', 'Patients', 'Follow-ups', 'News']),
  );
  await expect(footer.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');

  const fits = async () => {
    for (const link of await tabs.all()) {
      await expect(link.locator('svg')).toBeVisible();
      const label = link.locator('.provider-nav__label');
      const box = await label.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(element).lineHeight),
        overflow: element.scrollWidth - element.clientWidth,
        right: element.getBoundingClientRect().right,
      }));
      // One line, nothing cut off, inside the screen.
      expect(box.height).toBeLessThan(box.lineHeight * 1.5);
      expect(box.overflow).toBeLessThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    const menu = page.getByRole('button', { name: /^(Open menu|Abrir menú)$/ });
    // The words sit on one line: their text makes one box (a wrapped text makes one per line).
    const lines = await menu.evaluate((element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
        .map((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getClientRects().length;
        }),
    );
    expect(lines).toEqual([1]);
  };
  await fits();

  // The Spanish words fit too.
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(tabs).toHaveText(
    words(['Agenda', 'Mensajes', 'Tareas', 'Pacientes', 'Controles', 'Noticias']),
  );
  await fits();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(tabs.first()).toHaveText('Schedule');
});

test("on a phone the waiting room's tabs keep their styles and one row, scrolling sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, DEMO.provider, { open: '/provider/waiting-room-telehealth' });
  await expect(page.getByRole('heading', { level: 1, name: 'Telehealth Waiting Room' })).toBeVisible();
  const tabs = room(page).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const boxes = await tabs.evaluateAll((elements) =>
    elements.map((element) => ({
      top: element.getBoundingClientRect().top,
      // Mantine's tab padding: lost when a base sheet (UnstyledButton's padding: 0) came after it.
      padding: parseFloat(getComputedStyle(element).paddingLeft),
    })),
  );
  for (const box of boxes) {
    expect(box.top).toBe(boxes[0]?.top);
    expect(box.padding).toBeGreaterThan(8);
  }
  // The last tab is reached by scrolling the row, and chosen with the keyboard like the others.
  const last = tabs.last();
  await last.focus();
  await last.press('Enter');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport();
});
