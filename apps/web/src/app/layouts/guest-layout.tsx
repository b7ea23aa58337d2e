import { Outlet } from 'react-router';
import { CommonLayout } from './common-layout.tsx';

/** The guest area: a narrow column, no menu (spec 1 §2). */
export function GuestLayout() {
  return (
    <CommonLayout narrow>
      <Outlet />
    </CommonLayout>
  );
}
