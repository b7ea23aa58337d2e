import { useEffect } from 'react';
import { useAppConfig } from '../../lib/variant/app-config.ts';
import { hasCareManagerFeatures } from '../../lib/variant/variant-traits.ts';
import { startExternalScript } from './external-script.ts';

/**
 * spec 1 §1, §4, §6: the live-chat widget and the product tour of the Care Manager app, for a
 * signed-in provider (this sits in the provider layout, behind the area guard). The server sends the
 * script addresses only in that variant and only when configured (decision 0016); otherwise nothing
 * loads. Unmounting — logout or leaving the provider area — destroys them.
 */
export function ExternalWidgets() {
  const config = useAppConfig();
  // spec 1 §1: only the Care Manager app; the women's-healthcare app has neither (decision 0037).
  const careManager = hasCareManagerFeatures(config.variant);
  const chatUrl = careManager && config.features.liveChat ? config.chatWidgetScriptUrl : undefined;
  const tourUrl = careManager && config.features.productTour ? config.productTourScriptUrl : undefined;

  useEffect(() => (chatUrl ? startExternalScript('chat-widget', chatUrl) : undefined), [chatUrl]);
  useEffect(() => (tourUrl ? startExternalScript('product-tour', tourUrl) : undefined), [tourUrl]);
  return null;
}
