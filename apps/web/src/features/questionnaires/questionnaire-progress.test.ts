import { describe, expect, it } from 'vitest';
import {
  advance,
  afterLastFormPath,
  formPath,
  isLastForm,
  progressAt,
  questionnaireBaseOf,
  startProgress,
} from './questionnaire-progress.ts';

describe('questionnaire progress (spec 2 §4)', () => {
  it('starts at -1 and advances form by form, then is done', () => {
    const start = startProgress(['a', 'b']);
    expect(start.index).toBe(-1);
    const first = advance(start);
    expect(first).toMatchObject({ kind: 'form', formId: 'a', progress: { index: 0 } });
    if (first.kind !== 'form') {
      throw new Error('expected a form');
    }
    expect(isLastForm(first.progress)).toBe(false);
    const second = advance(first.progress);
    expect(second).toMatchObject({ kind: 'form', formId: 'b' });
    expect(advance(progressAt(['a', 'b'], 'b'))).toEqual({ kind: 'done' });
    expect(isLastForm(progressAt(['a', 'b'], 'b'))).toBe(true);
    expect(advance(startProgress([]))).toEqual({ kind: 'done' });
  });

  it('knows the normal and self check-in prefixes', () => {
    expect(questionnaireBaseOf('/user/task/questionnaire/main/x')).toEqual({
      questionnaire: '/user/task/questionnaire',
      task: '/user/task',
    });
    expect(questionnaireBaseOf('/user/questionnaire')).toEqual({
      questionnaire: '/user/questionnaire',
      task: '/user/task',
    });
    expect(questionnaireBaseOf('/provider/patient/task/questionnaire/main/x')).toEqual({
      questionnaire: '/provider/patient/task/questionnaire',
      task: '/provider/patient/task',
    });
  });

  it('builds the form route {questionnaire base url}/main/{formId}?appointmentId and the way out', () => {
    const base = questionnaireBaseOf('/provider/patient/task/questionnaire');
    expect(formPath(base, 'f1', { appointmentId: 'a1', taskId: 't1' })).toBe(
      '/provider/patient/task/questionnaire/main/f1?appointmentId=a1&taskId=t1',
    );
    expect(formPath(base, 'f1', { appointmentId: null, taskId: 't1' })).toBe(
      '/provider/patient/task/questionnaire/main/f1?taskId=t1',
    );
    expect(afterLastFormPath(base, 'a1')).toBe('/provider/patient/task?appointmentId=a1');
    expect(afterLastFormPath(questionnaireBaseOf('/user/task/questionnaire'), null)).toBe('/user/task-feed');
  });
});
