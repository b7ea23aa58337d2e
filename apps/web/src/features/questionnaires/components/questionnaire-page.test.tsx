import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckInTask } from '@app/contracts/check-in';
import type { Form, TaskQuestionnaire } from '@app/contracts/questionnaires';
import { renderRoutes } from '../../../test/render.tsx';
import { clearSession, setSession } from '../../../lib/auth/session-store.ts';
import { QuestionnairePage } from './questionnaire-page.tsx';

// Component test with a stand-in fetch (unit level); the real server runs in e2e/tests/questionnaire.spec.ts.
configure({ asyncUtilTimeout: 5000 });

const TASK = '11111111-1111-4111-8111-111111111111';
const APPOINTMENT = '22222222-2222-4222-8222-222222222222';
const FORM = '33333333-3333-4333-8333-333333333333';

const variant = (id: string, label: string, rest: object = {}) => ({
  id,
  label,
  isExcluded: false,
  excludingVariantList: [],
  excludingQuestionList: [],
  conditionalFieldList: [],
  ...rest,
});
const field = { typeView: null, required: true, invalid: false, multi: false, variantList: [] };

const form: Form = {
  formId: FORM,
  title: 'Health history',
  description: null,
  groupList: [
    {
      id: 'g',
      title: 'Smoking',
      order: 1,
      questionList: [
        {
          id: 'smoking',
          text: 'Do you smoke?',
          isExcluded: false,
          isDeleted: false,
          fieldList: [
            {
              ...field,
              fieldId: 'smoking',
              label: 'Smoking',
              type: 'variant',
              answer: [],
              variantList: [
                variant('never', 'Never smoked', { excludingQuestionList: ['packs'] }),
                variant('current', 'Current smoker'),
              ],
            },
          ],
        },
        {
          id: 'packs',
          text: 'How many packs a day?',
          isExcluded: false,
          isDeleted: false,
          fieldList: [
            {
              ...field,
              fieldId: 'packs',
              label: 'Packs per day',
              type: 'numeric',
              answer: null,
              min: 0,
              max: 10,
            },
          ],
        },
        {
          id: 'allergies',
          text: 'Allergies?',
          isExcluded: false,
          isDeleted: false,
          fieldList: [
            {
              ...field,
              fieldId: 'allergies',
              label: 'Allergies',
              type: 'variant',
              typeView: 'checkbox',
              answer: [],
              variantList: [
                variant('latex', 'Latex'),
                variant('other', 'Other', {
                  conditionalFieldList: [
                    {
                      ...field,
                      fieldId: 'other-text',
                      label: 'Other: please specify',
                      type: 'text',
                      answer: null,
                    },
                  ],
                }),
              ],
            },
          ],
        },
      ],
    },
  ],
};

const questionnaire: TaskQuestionnaire = {
  taskId: TASK,
  appointmentId: APPOINTMENT,
  title: 'Health questionnaire',
  isDone: false,
  forms: [form],
  savedFormIds: [],
};

/** The appointment's check-in task of this questionnaire, as GET .../tasks answers it. */
function checkInTask(done: boolean): CheckInTask {
  return {
    taskId: TASK,
    settingId: '55555555-5555-4555-8555-555555555555',
    title: 'Health questionnaire',
    description: null,
    status: done ? 'DONE' : 'NEW',
    isDone: done,
    valueType: 'REGULAR',
    actions: [{ type: 'questionnaire' }],
    clinicUuid: '66666666-6666-4666-8666-666666666666',
    userId: 'me',
    appointmentId: APPOINTMENT,
    source: { appointment: { id: APPOINTMENT } },
    todo: { source: { appointment_id: APPOINTMENT } },
    isVideo: false,
    dueAt: null,
    doneAt: null,
    isActive: true,
    listAttachmentId: [],
    config: {},
    order: 1,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function fakeServer(served: TaskQuestionnaire = questionnaire) {
  const calls: Call[] = [];
  let saved = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(href, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      let answer: { status: number; body: unknown } = { status: 404, body: { message: 'Not found' } };
      if (path === `/api/questionnaires/tasks/${TASK}`) {
        answer = { status: 200, body: served };
      } else if (path === `/api/check-in/appointments/${APPOINTMENT}/tasks`) {
        answer = { status: 200, body: [checkInTask(saved)] };
      } else if (path.startsWith(`/api/questionnaires/tasks/${TASK}/forms/`)) {
        saved = true;
        answer = {
          status: 200,
          body: {
            formId: FORM,
            submittedAt: '2026-01-01T00:00:00.000Z',
            taskDone: true,
            remainingFormIds: [],
          },
        };
      } else if (path.endsWith('/status')) {
        answer = { status: 200, body: { ...checkInTask(false), status: 'ACCESSED' } };
      }
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

describe('questionnaire page (spec 2 §4 Questionnaire progress, §5 rules)', () => {
  beforeEach(() => {
    setSession({
      accessToken: 'token',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 3_600_000,
      user: {
        id: 'me',
        memberId: 'me',
        memberType: 'patient',
        role: 'user',
        isResetPasswordRequired: false,
        isSecurityQuestionEmpty: false,
      },
    });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  function renderFlow(entry: string) {
    return renderRoutes(
      [
        { path: '/user/task/questionnaire', element: <QuestionnairePage /> },
        { path: '/user/task/questionnaire/main/:formId', element: <QuestionnairePage /> },
        { path: '/user/task', element: <p>Task dashboard</p> },
        { path: '/user/check-in-final', element: <p>Check-in final</p> },
      ],
      entry,
    );
  }

  it('opens the first form, locks Next while invalid, hides excluded questions and saves', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    const { router } = renderFlow(`/user/task/questionnaire?appointmentId=${APPOINTMENT}&taskId=${TASK}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Health history' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/user/task/questionnaire/main/${FORM}`);
    // The task was opened: ACCESSED (spec 2 §4).
    await waitFor(() => {
      expect(calls.some((call) => call.path.endsWith(`/tasks/${TASK}/status`))).toBe(true);
    });

    const finish = await screen.findByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription(
      /Next is locked.*Still to answer: Smoking, Packs per day, Allergies/,
    );

    await user.click(screen.getByRole('radio', { name: 'Current smoker' }));
    expect(screen.getByRole('textbox', { name: /Packs per day/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Never smoked' }));
    expect(screen.queryByRole('textbox', { name: /Packs per day/ })).not.toBeInTheDocument();

    // The conditional field shows under its variant and is required too.
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    const other = screen.getByRole('textbox', { name: /Other: please specify/ });
    expect(finish).toBeDisabled();
    await user.type(other, 'Bees');
    await waitFor(() => {
      expect(finish).toBeEnabled();
    });
    await user.click(finish);
    // spec 2 §4: on to the task's action, the check-in flow: no task is left, so the final page.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/user/check-in-final');
    });
    // The save completed the task (its own flow): the page does not mark it DONE again.
    expect(
      calls.some((call) => call.path.endsWith('/status') && JSON.stringify(call.body).includes('DONE')),
    ).toBe(false);
    const save = calls.find((call) => call.method === 'POST' && call.path.endsWith(`/forms/${FORM}`));
    expect(save?.body).toEqual({
      answers: { smoking: ['never'], allergies: ['other'], 'other-text': 'Bees' },
    });
    // Many typed steps through jsdom: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('advances to the next form in the self check-in prefix', async () => {
    const second: Form = {
      ...form,
      formId: '44444444-4444-4444-8444-444444444444',
      title: 'Medications',
      groupList: [],
    };
    fakeServer({ ...questionnaire, forms: [form, second] });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [{ path: '/provider/patient/task/questionnaire/main/:formId', element: <QuestionnairePage /> }],
      `/provider/patient/task/questionnaire/main/${FORM}?appointmentId=${APPOINTMENT}&taskId=${TASK}`,
    );
    expect(await screen.findByText('Health questionnaire · Form 1 of 2')).toBeInTheDocument();
    // The form shows once the browser's draft store has answered.
    await user.click(await screen.findByRole('radio', { name: 'Never smoked' }));
    await user.click(screen.getByRole('checkbox', { name: 'Latex' }));
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => {
      expect(next).toBeEnabled();
    });
    await user.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'Medications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/provider/patient/task/questionnaire/main/${second.formId}`);
    expect(router.state.location.search).toBe(`?appointmentId=${APPOINTMENT}&taskId=${TASK}`);
    expect(await screen.findByRole('button', { name: 'Finish' })).toBeEnabled();
  });

  it('says so when there is no task to open', async () => {
    fakeServer();
    renderRoutes([{ path: '/user/questionnaire', element: <QuestionnairePage /> }], '/user/questionnaire');
    expect(await screen.findByRole('alert')).toHaveTextContent('This questionnaire is not available.');
  });

  it('flags a number out of range', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderFlow(`/user/task/questionnaire/main/${FORM}?appointmentId=${APPOINTMENT}&taskId=${TASK}`);
    await user.click(await screen.findByRole('radio', { name: 'Current smoker' }));
    await user.type(screen.getByRole('textbox', { name: /Packs per day/ }), '12');
    expect(await screen.findByText('Enter a number from 0 to 10.')).toBeInTheDocument();
  });
});
