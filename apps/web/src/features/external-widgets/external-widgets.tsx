import { useEffect } from 'react';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { startExternalScript } from './external-script.ts';

/**
 * spec 1 §1, §4, §6: the live-chat widget and the product tour of the Care Manager app, for a
 * signed-in provider (this sits in the provider layout, behind the area guard). The server sends the
 * script addresses only in that variant and only when configured (decision 0016); otherwise nothing
 * loads. Unmounting — logout or leaving the provider area — destroys them.
 */
export function ExternalWidgets() {
  const config = useAppConfig();
  const careManager = config.variant === 'care-manager';
  const chatUrl = careManager && config.features.liveChat ? config.chatWidgetScriptUrl : undefined;
  const tourUrl = careManager && config.features.productTour ? config.productTourScriptUrl : undefined;

  useEffect(() => (chatUrl ? startExternalScript('chat-widget', chatUrl) : undefined), [chatUrl]);
  useEffect(() => (tourUrl ? startExternalScript('product-tour', tourUrl) : undefined), [tourUrl]);
  return null;
}
