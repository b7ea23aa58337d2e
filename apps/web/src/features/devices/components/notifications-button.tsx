import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { getPushPublicKey } from '../api/devices-api.ts';
import { pushSupported } from '../push-subscription.ts';
import { scheduleDeviceRegistration } from '../use-device-registration.ts';

/**
 * Browsers let a site ask for notifications only after a click, so the side menu offers it while the
 * person has not decided yet and the server has push on (decision 0013).
 */
export function NotificationsButton() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    pushSupported() ? Notification.permission : 'denied',
  );
  const { data: publicKey } = useQuery({
    queryKey: ['/public/push/public-key'],
    queryFn: getPushPublicKey,
    enabled: permission === 'default',
    staleTime: Infinity,
    meta: { loader: false, errorBanner: false },
  });
  if (permission !== 'default' || !publicKey) {
    return null;
  }
  return (
    <Button
      variant="outline"
      fullWidth
      onClick={() => {
        void Notification.requestPermission().then((result) => {
          setPermission(result);
          if (result === 'granted') {
            scheduleDeviceRegistration();
          }
        });
      }}
    >
      {t('notifications.enable')}
    </Button>
  );
}
