import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskList } from './task-list.tsx';
import { checkInTask } from '../test/check-in-task.ts';

const task = checkInTask;

describe('check-in task list (issue 18: a finished task says Done once)', () => {
  it("shows 'Done' once for a finished task; its button says what it does, or is absent", () => {
    renderWithProviders(
      <TaskList
        busy={false}
        onOpen={vi.fn()}
        tasks={[
          task('Bring your photo ID', { status: 'DONE', isDone: true }),
          task('Your insurance card', { status: 'DONE', isDone: true, valueType: 'INSURANCE_CARD' }),
          task('Confirm your pharmacy'),
        ]}
      />,
    );
    const [photo, insurance, pharmacy] = screen.getAllByTestId('check-in-task');
    if (!photo || !insurance || !pharmacy) {
      throw new Error('three tasks expected');
    }
    expect(within(photo).getAllByText('Done')).toHaveLength(1);
    expect(within(photo).getByRole('button', { name: 'Review: Bring your photo ID' })).toHaveTextContent(
      'Review',
    );
    // A done insurance card is not opened again (spec 2 §4): no button that cannot be used.
    expect(within(insurance).getAllByText('Done')).toHaveLength(1);
    expect(within(insurance).queryByRole('button')).not.toBeInTheDocument();
    expect(within(pharmacy).getByRole('button', { name: 'Start: Confirm your pharmacy' })).toBeEnabled();
  });
});
