import { Modal } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  danger?: boolean;
  confirming?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

/** The spec's confirmation dialogs: a title, a question, Cancel and a confirm button. */
export function ConfirmDialog({ open, title, children, confirmText, danger, confirming, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={open}
      title={title}
      okText={confirmText}
      cancelText="Cancel"
      okButtonProps={{ danger, loading: confirming }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
