import {
  IconBellRinging,
  IconCalendar,
  IconCar,
  IconChartLine,
  IconChevronLeft,
  IconClock,
  IconEdit,
  IconId,
  IconListDetails,
  IconMessage,
  IconMessages,
  IconNews,
  IconShieldSearch,
  IconApps,
  IconPlus,
  IconUserSearch,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { ShellIcon } from '../nav-items.ts';

// The provider shell's icons, from the one icon library of the design system (docs/design.md, decision
// 0052). Decorative: the text label (or the button's accessible name) carries the meaning.
const ICONS: Record<ShellIcon | 'plus' | 'edit' | 'clock' | 'collapse', Icon> = {
  tracker: IconChartLine,
  telehealth: IconVideo,
  driveUp: IconCar,
  schedule: IconCalendar,
  message: IconMessage,
  bulk: IconMessages,
  flows: IconListDetails,
  patients: IconUserSearch,
  followUps: IconBellRinging,
  news: IconNews,
  insurance: IconId,
  audit: IconShieldSearch,
  apps: IconApps,
  plus: IconPlus,
  edit: IconEdit,
  clock: IconClock,
  collapse: IconChevronLeft,
};

export function ShellIconGlyph({
  name,
  flipped = false,
  size = 22,
}: {
  name: keyof typeof ICONS;
  flipped?: boolean;
  size?: number;
}) {
  const Glyph = ICONS[name];
  return (
    <Glyph
      size={size}
      stroke={1.75}
      aria-hidden="true"
      focusable="false"
      style={flipped ? { transform: 'scaleX(-1)' } : undefined}
    />
  );
}
