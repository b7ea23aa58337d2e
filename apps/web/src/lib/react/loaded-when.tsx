import type { ComponentType } from 'react';
import { useLoadedWhen } from './use-loaded-when.ts';

interface LoadedWhenProps<P extends object> {
  when: boolean;
  load: () => Promise<ComponentType<P>>;
  props: P;
}

/**
 * Renders the component `load` gives, with `props`, from the first time `when` is true on; nothing
 * before, and nothing while it loads (use-loaded-when.ts, decision 0074).
 */
export function LoadedWhen<P extends object>({ when, load, props }: LoadedWhenProps<P>) {
  const component = useLoadedWhen(when, load);
  return component ? <Loaded component={component} props={props} /> : null;
}

/** The loaded component arrives as a prop, so its identity stays the same from render to render. */
function Loaded<P extends object>({
  component: Component,
  props,
}: {
  component: ComponentType<P>;
  props: P;
}) {
  return <Component {...props} />;
}
