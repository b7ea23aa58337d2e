import { nextWidgetState, type WidgetEvent, type WidgetState } from './widget-state.ts';

export type ExternalScriptKind = 'chat-widget' | 'product-tour';

const states = new Map<ExternalScriptKind, WidgetState | null>();

/** The data attribute on <html> that shows the state, e.g. data-chat-widget="loaded". */
function attributeOf(kind: ExternalScriptKind): string {
  return `data-${kind}`;
}

function send(kind: ExternalScriptKind, event: WidgetEvent): void {
  const next = nextWidgetState(states.get(kind) ?? null, event);
  states.set(kind, next);
  if (next === null) {
    document.documentElement.removeAttribute(attributeOf(kind));
  } else {
    document.documentElement.setAttribute(attributeOf(kind), next);
  }
}

export function externalScriptState(kind: ExternalScriptKind): WidgetState | null {
  return states.get(kind) ?? null;
}

function scriptElement(kind: ExternalScriptKind): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(`script[data-external-script="${kind}"]`);
}

/**
 * Injects the service's script once (a second call while it is there does nothing) and tracks
 * loading -> loaded. Returns the clean-up that removes it again (state destroyed).
 */
export function startExternalScript(kind: ExternalScriptKind, src: string): () => void {
  if (!scriptElement(kind)) {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.externalScript = kind;
    script.addEventListener('load', () => {
      send(kind, 'load');
    });
    script.addEventListener('error', () => {
      send(kind, 'error');
    });
    send(kind, 'start');
    document.head.append(script);
  }
  return () => {
    destroyExternalScript(kind);
  };
}

/** Leaving the provider area or logging out: the script goes, the state is destroyed. */
export function destroyExternalScript(kind: ExternalScriptKind): void {
  scriptElement(kind)?.remove();
  send(kind, 'destroy');
}
