import type { Role } from '@app/contracts/roles';

/** spec 1 §2: the default route of each role (and the empty path's redirect). */
export const DEFAULT_ROUTES: Record<Role, string> = {
  guest: '/guest/landing',
  user: '/user/appointment',
  provider: '/provider/appointment',
};
