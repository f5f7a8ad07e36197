import { useId, type ReactNode } from 'react';
import Modal, { type ModalMaxWidth } from './Modal';

type DialogModalProps = {
  show: boolean;
  onClose: () => void;
  maxWidth?: ModalMaxWidth;
  closeable?: boolean;
  title: ReactNode;
  /** The dialog's content. */
  children: ReactNode;
  footer: ReactNode;
};

export default function DialogModal({
  show,
  onClose,
  maxWidth = '2xl',
  closeable = true,
  title,
  children,
  footer,
}: DialogModalProps) {
  const titleId = useId();
  const contentId = useId();

  return (
    <Modal
      show={show}
      onClose={onClose}
      maxWidth={maxWidth}
      closeable={closeable}
      labelledBy={titleId}
      describedBy={contentId}
    >
      <div className="px-6 py-4">
        <h2 id={titleId} className="text-lg font-medium text-gray-900">
          {title}
        </h2>
        <div id={contentId} className="mt-4 text-sm text-gray-600">
          {children}
        </div>
      </div>

      <div className="flex flex-row justify-end gap-3 bg-gray-100 px-6 py-4 text-end">{footer}</div>
    </Modal>
  );
}
