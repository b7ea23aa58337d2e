import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  createPullTracker,
  PULL_MAX_PX,
  PULL_THRESHOLD_PX,
  usePullToRefresh,
} from './use-pull-to-refresh.ts';

describe('createPullTracker (spec 3 §2 pull-down refreshes the insurance list)', () => {
  it('refreshes when a pull from the top goes past the threshold (the page follows at half speed)', () => {
    const tracker = createPullTracker();
    tracker.start(100, true);
    expect(tracker.move(150)).toBe(25);
    expect(tracker.move(100 + PULL_THRESHOLD_PX * 2)).toBe(PULL_THRESHOLD_PX);
    expect(tracker.end()).toBe(true);
  });

  it('does not refresh a short pull, a pull back up, or a touch that starts below the top', () => {
    const short = createPullTracker();
    short.start(100, true);
    short.move(100 + PULL_THRESHOLD_PX);
    expect(short.end()).toBe(false);

    const back = createPullTracker();
    back.start(100, true);
    back.move(400);
    expect(back.move(90)).toBe(0);
    expect(back.end()).toBe(false);

    const scrolled = createPullTracker();
    scrolled.start(100, false);
    expect(scrolled.move(500)).toBe(0);
    expect(scrolled.end()).toBe(false);
  });

  it('caps the shown distance and forgets a cancelled pull', () => {
    const tracker = createPullTracker();
    tracker.start(0, true);
    expect(tracker.move(10_000)).toBe(PULL_MAX_PX);
    tracker.cancel();
    expect(tracker.end()).toBe(false);
  });
});

function List({
  onRefresh,
  atTop = () => true,
}: {
  onRefresh: () => Promise<unknown>;
  atTop?: () => boolean;
}) {
  const pull = usePullToRefresh(onRefresh, { atTop });
  return (
    <div data-testid="list" {...pull.bind}>
      <span>{`distance ${String(pull.distance)}`}</span>
      <span>{pull.armed ? 'armed' : 'idle'}</span>
      <span>{pull.refreshing ? 'refreshing' : 'done'}</span>
    </div>
  );
}

describe('usePullToRefresh', () => {
  afterEach(() => {
    cleanup();
  });

  it('runs the refresh once on a long pull down, and shows the pull while the finger moves', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<List onRefresh={onRefresh} />);
    const list = screen.getByTestId('list');
    fireEvent.touchStart(list, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 10 + PULL_THRESHOLD_PX * 2 + 20 }] });
    expect(screen.getByText('armed')).toBeInTheDocument();
    fireEvent.touchEnd(list, { touches: [] });
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('refreshing')).toBeInTheDocument();
    expect(screen.getByText('distance 0')).toBeInTheDocument();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(screen.getByText('done')).toBeInTheDocument();
  });

  it('ignores a short pull, two fingers, and a pull when the page is not at the top', () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { unmount } = render(<List onRefresh={onRefresh} />);
    const list = screen.getByTestId('list');
    fireEvent.touchStart(list, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 40 }] });
    fireEvent.touchEnd(list, { touches: [] });
    fireEvent.touchStart(list, { touches: [{ clientY: 10 }, { clientY: 20 }] });
    fireEvent.touchMove(list, { touches: [{ clientY: 400 }] });
    fireEvent.touchEnd(list, { touches: [] });
    unmount();

    render(<List onRefresh={onRefresh} atTop={() => false} />);
    const scrolled = screen.getByTestId('list');
    fireEvent.touchStart(scrolled, { touches: [{ clientY: 10 }] });
    fireEvent.touchMove(scrolled, { touches: [{ clientY: 400 }] });
    fireEvent.touchEnd(scrolled, { touches: [] });
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
