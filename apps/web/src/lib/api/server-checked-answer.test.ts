import { describe, expect, it } from 'vitest';
import { serverCheckedAnswer } from './server-checked-answer.ts';

describe('serverCheckedAnswer (decision 0074)', () => {
  it('takes a JSON object or array as it came', () => {
    const answer = { appointments: [{ id: 'a1' }] };
    expect(serverCheckedAnswer<typeof answer>().safeParse(answer)).toEqual({ success: true, data: answer });
    expect(serverCheckedAnswer<number[]>().safeParse([1, 2])).toEqual({ success: true, data: [1, 2] });
  });

  it('refuses what no contract schema accepts: an empty body, text, a bare value', () => {
    for (const body of [null, '<html>Bad gateway</html>', 42, true]) {
      expect(serverCheckedAnswer<object>().safeParse(body)).toEqual({ success: false });
    }
  });
});
