import { useLoadedWhen } from '../../../lib/react/use-loaded-when.ts';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';

const loadModal = () => import('./confirm-dialog-modal.tsx').then((module) => module.ConfirmDialogModal);

/** A titled yes/no dialog, loaded when it first opens (decision 0074; confirm-dialog-modal.tsx). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const ConfirmDialogModal = useLoadedWhen(props.opened, loadModal);
  return ConfirmDialogModal ? <ConfirmDialogModal {...props} /> : null;
}
