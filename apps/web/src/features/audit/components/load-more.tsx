import { Group } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Focus after "Load more" (decisions 0063, 0076): it stays on the button while there is more; when
 * the last page is in and the button goes, it moves to the first entry that page added instead of
 * falling back to the top of the document. The entries (matched by `selector` inside `container`)
 * render after the load's promise settles, so the move waits for them.
 */
export function useFocusAfterLoad(
  container: RefObject<HTMLElement | null>,
  selector: string,
  shown: number,
  hasMore: boolean,
) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null || shown <= index) {
      return;
    }
    pending.current = null;
    if (!hasMore) {
      container.current?.querySelectorAll<HTMLElement>(selector)[index]?.focus();
    }
  });
  /** Call before loading: the index of the first entry the load will add. */
  return (firstNew: number) => {
    pending.current = firstNew;
  };
}

interface LoadMoreProps {
  /** Loads the next (older) page. */
  loadNext: () => Promise<unknown>;
  loading: boolean;
  /** Called before the load (see useFocusAfterLoad). */
  onLoadStart: () => void;
}

/**
 * "Load more" under a list read newest first. While a page loads the button says so with aria-busy
 * and ignores clicks, but is not `disabled`: a browser moves focus away from a focused button that
 * becomes disabled, and the keyboard user would lose their place at every page.
 */
export function LoadMore({ loadNext, loading, onLoadStart }: LoadMoreProps) {
  const { t } = useTranslation('audit');
  return (
    <Group>
      <Button
        variant="outline"
        aria-busy={loading || undefined}
        aria-disabled={loading || undefined}
        onClick={() => {
          if (loading) {
            return;
          }
          onLoadStart();
          void loadNext();
        }}
      >
        {t('loadMore')}
      </Button>
    </Group>
  );
}
