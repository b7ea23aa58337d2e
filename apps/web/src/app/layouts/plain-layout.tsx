import { Outlet } from 'react-router';
import { CommonLayout } from './common-layout.tsx';

/** General routes (self-closing, error page, one-time code, single sign-on) open to every role. */
export function PlainLayout() {
  return (
    <CommonLayout>
      <Outlet />
    </CommonLayout>
  );
}
