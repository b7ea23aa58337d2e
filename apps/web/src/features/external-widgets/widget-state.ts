// spec 1 §4 "Chat widget (Care Manager app only): states loading, loaded, destroyed" (decision 0016).
// The product tour follows the same life cycle. 'failed' is ours: a script that cannot load is not
// 'loaded', and tests and support need to tell the two apart.

export type WidgetState = 'loading' | 'loaded' | 'failed' | 'destroyed';
export type WidgetEvent = 'start' | 'load' | 'error' | 'destroy';

/** The next state; an event that does not fit the current state changes nothing. */
export function nextWidgetState(state: WidgetState | null, event: WidgetEvent): WidgetState | null {
  switch (event) {
    case 'start':
      return state === null || state === 'destroyed' ? 'loading' : state;
    case 'load':
      return state === 'loading' ? 'loaded' : state;
    case 'error':
      return state === 'loading' ? 'failed' : state;
    case 'destroy':
      return state === null ? null : 'destroyed';
  }
}
