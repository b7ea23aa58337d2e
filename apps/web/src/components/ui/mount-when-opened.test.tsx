import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MountWhenOpened } from './mount-when-opened.tsx';

describe('MountWhenOpened (decision 0074)', () => {
  it('renders nothing until first opened, then stays mounted so the dialog closes itself', () => {
    const view = render(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.queryByText('dialog')).toBeNull();
    view.rerender(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
    view.rerender(
      <MountWhenOpened opened={false}>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });

  it('renders at once when it starts opened', () => {
    render(
      <MountWhenOpened opened>
        <p>dialog</p>
      </MountWhenOpened>,
    );
    expect(screen.getByText('dialog')).toBeInTheDocument();
  });
});
