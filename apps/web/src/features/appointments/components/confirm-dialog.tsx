import { lazy } from 'react';
import { MountWhenOpened } from '../../../components/ui/mount-when-opened.tsx';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';

const ConfirmDialogModal = lazy(() =>
  import('./confirm-dialog-modal.tsx').then((module) => ({ default: module.ConfirmDialogModal })),
);

/** A titled yes/no dialog, loaded when it first opens (decision 0074; confirm-dialog-modal.tsx). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <MountWhenOpened opened={props.opened}>
      <ConfirmDialogModal {...props} />
    </MountWhenOpened>
  );
}
