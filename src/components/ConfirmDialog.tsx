import { Modal } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  danger?: boolean;
  confirming?: boolean;
  confirmDisabled?: boolean;
  /** Where focus goes when the dialog has closed (antd's default, the element focused before it opened, may be gone). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  onConfirm(): void;
  onCancel(): void;
};

/** The spec's confirmation dialogs: a title, a question, Cancel and a confirm button. */
export function ConfirmDialog({ open, title, children, confirmText, danger, confirming, confirmDisabled, returnFocusTo, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={open}
      title={title}
      okText={confirmText}
      cancelText="Cancel"
      okButtonProps={{ danger, loading: confirming, disabled: confirmDisabled }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => returnFocusTo?.()?.focus()}
    >
      {children}
    </Modal>
  );
}
