import type { ShellIcon } from '../nav-items.ts';

// Simple 24-px line icons of the provider shell; decorative (the text label carries the meaning).
const PATHS: Record<ShellIcon | 'plus' | 'edit' | 'clock' | 'collapse', string> = {
  tracker: 'M4 18l5-6 4 3 7-9M4 4v16h16',
  telehealth: 'M3 6h12v12H3zM15 10l6-3v10l-6-3',
  driveUp: 'M3 14l2-6h14l2 6v4H3zM7 18v2M17 18v2M6 14h.01M18 14h.01',
  schedule: 'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4',
  message: 'M4 5h16v11H8l-4 4z',
  bulk: 'M3 7h13v9H7l-4 3zM8 4h13v9',
  flows: 'M5 6h14M5 12h14M5 18h9',
  patients: 'M10 11a4 4 0 100-8 4 4 0 000 8zM3 21a7 7 0 0114 0M17 11l4 4',
  followUps: 'M12 3v3M5 9a7 7 0 1014 0 7 7 0 00-14 0M12 9v4l3 2',
  news: 'M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M7 9h7M7 13h7',
  insurance: 'M3 6h18v12H3zM3 10h18M7 15h4',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2',
  collapse: 'M15 6l-6 6 6 6',
};

export function ShellIconGlyph({ name, flipped = false }: { name: keyof typeof PATHS; flipped?: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={flipped ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
