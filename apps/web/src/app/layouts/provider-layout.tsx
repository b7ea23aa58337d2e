import { ExternalWidgets } from '../../features/external-widgets/external-widgets.tsx';
import { hasProviderPermission } from '../../lib/auth/provider-permissions.ts';
import { SignedInLayout } from './signed-in-layout.tsx';
import type { MenuItem } from './side-menu.tsx';

/** The provider menu grows with document 3; messages need the MESSAGE permission (spec 1 §6). */
function providerMenu(): MenuItem[] {
  return [
    { to: '/provider/appointment', labelKey: 'menu.appointments' },
    ...(hasProviderPermission('MESSAGE')
      ? [{ to: '/provider/message', labelKey: 'menu.messages' } as const]
      : []),
    { to: '/provider/security', labelKey: 'menu.security' },
    { to: '/provider/account-settings', labelKey: 'menu.accountSettings' },
  ];
}

export function ProviderLayout() {
  return (
    <>
      <ExternalWidgets />
      <SignedInLayout area="provider" home="/provider/appointment" menu={providerMenu()} />
    </>
  );
}
