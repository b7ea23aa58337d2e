import { useCallback, useRef, useState } from 'react';

/** The part of a zod schema the forms use. */
export interface Validator<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

/** Used when the schema could not be fetched: the server validates the same rules anyway. */
function permissive<T>(): Validator<T> {
  return { safeParse: (value) => ({ success: true, data: value as T }) };
}

/**
 * A contract schema fetched when the person first touches the form, so the first page does not carry
 * zod (decision 0006). Until it arrives the form counts as not yet valid.
 */
export function useLazySchema<T>(load: () => Promise<Validator<T>>): {
  validator: Validator<T> | null;
  prefetch: () => void;
} {
  const [validator, setValidator] = useState<Validator<T> | null>(null);
  const started = useRef(false);
  const loadRef = useRef(load);
  const prefetch = useCallback(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    loadRef.current().then(
      (loaded) => {
        setValidator(() => loaded);
      },
      () => {
        setValidator(() => permissive<T>());
      },
    );
  }, []);
  return { validator, prefetch };
}
