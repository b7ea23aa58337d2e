import { beforeEach, describe, expect, it } from 'vitest';
import {
  allNonVideoTasksDone,
  beginOnFly,
  canOpenTask,
  beginCheckIn,
  clearCheckInFlow,
  finalPageUrlOf,
  nextTaskAfter,
  orderOnFlyTasks,
  readCheckInFlow,
  taskPageUrl,
} from './task-flow.ts';
import { pickTask, taskBaseOf } from './use-task-page.ts';
import { checkInTask, DONE_TASK } from './test/check-in-task.ts';

const task = checkInTask;
const done = DONE_TASK;

describe('check-in task flow (spec 2 §4)', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('redirects to the first undone task after the active one, else nothing (the final page)', () => {
    const tasks = [task('a'), task('b', done), task('c'), task('d', { isVideo: true })];
    expect(nextTaskAfter(tasks, 'a')?.taskId).toBe('c');
    expect(nextTaskAfter(tasks, null)?.taskId).toBe('a');
    // An undone task before the active one is left to the dashboard.
    expect(nextTaskAfter(tasks, 'c')).toBeNull();
  });

  it('reopens only done regular and vital tasks', () => {
    expect(canOpenTask(task('a', done))).toBe(true);
    expect(canOpenTask(task('v', { ...done, valueType: 'VITAL' }))).toBe(true);
    expect(canOpenTask(task('d', { ...done, valueType: 'DEMOGRAPHICS' }))).toBe(false);
    expect(canOpenTask(task('n', { valueType: 'INSURANCE_CARD' }))).toBe(true);
  });

  it('is complete when every non-video task is done', () => {
    expect(allNonVideoTasksDone([task('a', done), task('v', { isVideo: true })])).toBe(true);
    expect(allNonVideoTasksDone([task('a', done), task('b')])).toBe(false);
  });

  it('moves a requested first on-the-fly task to the front', () => {
    const tasks = [task('a'), task('b'), task('c')];
    expect(orderOnFlyTasks(tasks, 'c').map((item) => item.taskId)).toEqual(['c', 'a', 'b']);
    expect(orderOnFlyTasks(tasks, 's-b').map((item) => item.taskId)).toEqual(['b', 'a', 'c']);
    expect(orderOnFlyTasks(tasks, null).map((item) => item.taskId)).toEqual(['a', 'b', 'c']);
  });

  it('builds the task page url from TASK_PAGES', () => {
    expect(taskPageUrl(task('t1'), false)).toBe('/user/task/regular?appointmentId=a1&taskId=t1');
    expect(taskPageUrl(task('t2', { actions: [{ type: 'demographics' }] }), true)).toBe(
      '/provider/patient/task/demographic/personal?appointmentId=a1&taskId=t2',
    );
    expect(taskPageUrl(task('t3', { appointmentId: null }), false)).toBe(
      '/user/task/regular?clinicUuid=c1&taskId=t3',
    );
  });

  it('stores the flow in sessionStorage (spec 2 §3 stored client state)', () => {
    beginOnFly('c1');
    expect(sessionStorage.getItem('appFlow')).toBe('on-fly');
    expect(readCheckInFlow().onFlyClinicUuid).toBe('c1');
    clearCheckInFlow();
    expect(readCheckInFlow().appFlow).toBeNull();
  });

  it('names the appointment on the final page only when no check-in was started in this tab', () => {
    clearCheckInFlow();
    const tasks = [task('a', done), task('b', { ...done, appointmentId: 'a2' })];
    expect(finalPageUrlOf(tasks, 'b')).toBe('/user/check-in-final?appointmentId=a2');
    beginCheckIn(['a1', 'a2']);
    expect(finalPageUrlOf(tasks, 'b')).toBe('/user/check-in-final');
    clearCheckInFlow();
  });
});

describe('the task of a task page (use-task-page.ts)', () => {
  const questionnaire = { actions: [{ type: 'questionnaire' as const }] };
  const tasks = [
    task('r'),
    task('q1', { ...questionnaire, ...done }),
    task('q2', questionnaire),
    task('q3', questionnaire),
  ];

  it('is the task the URL names, whatever its type', () => {
    expect(pickTask(tasks, 'r', ['questionnaire'])?.taskId).toBe('r');
    expect(pickTask(tasks, 'missing', ['questionnaire'])).toBeNull();
  });

  it("without a task id: the first undone task of the page's types, else the first of them", () => {
    expect(pickTask(tasks, null, ['questionnaire'])?.taskId).toBe('q2');
    expect(pickTask([task('q1', { ...questionnaire, ...done })], null, ['questionnaire'])?.taskId).toBe('q1');
    expect(pickTask(tasks, null, ['copay'])).toBeNull();
    expect(pickTask(tasks, null, null)).toBeNull();
  });

  it('runs under the self check-in prefix when its path has it', () => {
    expect(taskBaseOf('/provider/patient/task/vital')).toBe('/provider/patient/task');
    expect(taskBaseOf('/user/task/vital')).toBe('/user/task');
  });
});
