import { useState } from 'react';
import { GradientButton } from './gradient-button.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Runs on confirm; the confirm button shows loading until it settles. */
  onConfirm: () => Promise<void> | void;
}

/** A yes/no question in the small modal (320 px): Cancel closes, Confirm runs the action. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} width="sm">
      <div className="flex gap-3">
        <GradientButton variant="outline" fullWidth onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </GradientButton>
        <GradientButton
          fullWidth
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </GradientButton>
      </div>
    </Modal>
  );
}
