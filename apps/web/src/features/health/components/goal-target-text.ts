import type { TFunction } from 'i18next';
import type { CarePlanGoal } from '@app/contracts/care-plans';

/** "50 to 100", "at least 50", "at most 100" of a goal's target. */
export function goalTargetText(
  t: TFunction<'health'>,
  goal: Pick<CarePlanGoal, 'targetMin' | 'targetMax'>,
  number: Intl.NumberFormat,
): string {
  const min = goal.targetMin === null ? null : number.format(goal.targetMin);
  const max = goal.targetMax === null ? null : number.format(goal.targetMax);
  if (min !== null && max !== null) {
    return t('carePlans.between', { min, max });
  }
  return min !== null ? t('carePlans.atLeast', { min }) : t('carePlans.atMost', { max: max ?? '' });
}
