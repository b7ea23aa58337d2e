import { describe, expect, it } from 'vitest';
import { titleWithBadge } from './title-badge.ts';

describe('titleWithBadge (decision 0052)', () => {
  it('puts the count in front of the title when it is above zero', () => {
    expect(titleWithBadge('Telehealth Waiting Room | CareManager', 1)).toBe(
      '(1) Telehealth Waiting Room | CareManager',
    );
    expect(titleWithBadge('DriveUp | CarePlan', 12)).toBe('(12) DriveUp | CarePlan');
  });

  it('leaves the title alone at zero', () => {
    expect(titleWithBadge('DriveUp | CarePlan', 0)).toBe('DriveUp | CarePlan');
  });
});
