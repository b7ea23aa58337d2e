import { LoadedWhen } from '../../../lib/react/loaded-when.tsx';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';

const loadModal = () => import('./confirm-dialog-modal.tsx').then((module) => module.ConfirmDialogModal);

/** A titled yes/no dialog, loaded when it first opens (decision 0074; confirm-dialog-modal.tsx). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <LoadedWhen when={props.opened} load={loadModal} props={props} />;
}
