import { useId } from 'react';
import { Modal } from '../ui/Modal.js';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question with a safe default: focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} className="cal-dialog" describedBy={messageId}>
      <p id={messageId}>{message}</p>
      <div className="cal-dialog__actions">
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="cal-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
