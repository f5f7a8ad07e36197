import { useId, type ReactNode } from 'react';
import Icon from './Icon';
import Modal, { type ModalMaxWidth } from './Modal';

type ConfirmationModalProps = {
  show: boolean;
  onClose: () => void;
  maxWidth?: ModalMaxWidth;
  closeable?: boolean;
  title: ReactNode;
  /** What is about to happen and why it cannot be undone. */
  children: ReactNode;
  footer: ReactNode;
};

export default function ConfirmationModal({
  show,
  onClose,
  maxWidth = '2xl',
  closeable = true,
  title,
  children,
  footer,
}: ConfirmationModalProps) {
  const titleId = useId();
  const contentId = useId();

  return (
    <Modal
      show={show}
      onClose={onClose}
      maxWidth={maxWidth}
      closeable={closeable}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={contentId}
    >
      <div className="bg-white px-4 pt-5 pb-4 sm:p-6 sm:pb-4">
        <div className="sm:flex sm:items-start">
          <div className="mx-auto flex size-12 shrink-0 items-center justify-center rounded-full bg-red-100 sm:mx-0 sm:size-10">
            <Icon name="exclamation-triangle" className="size-6 text-red-600" />
          </div>

          <div className="mt-3 text-center sm:ms-4 sm:mt-0 sm:text-start">
            <h2 id={titleId} className="text-lg font-medium text-gray-900">
              {title}
            </h2>
            <div id={contentId} className="mt-4 text-sm text-gray-600">
              {children}
            </div>
          </div>
        </div>
      </div>

      <div className="flex flex-row justify-end gap-3 bg-gray-100 px-6 py-4 text-end">{footer}</div>
    </Modal>
  );
}
