import { useId, type FormEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import SectionTitle from './SectionTitle';

type FormSectionProps = {
  title: ReactNode;
  description: ReactNode;
  aside?: ReactNode;
  /** Buttons and messages for the gray footer; without them the card has no footer. */
  actions?: ReactNode;
  onSubmitted: () => void;
  /** The form's fields, laid out on a six-column grid (`col-span-6 sm:col-span-4`). */
  children: ReactNode;
};

export default function FormSection({
  title,
  description,
  aside,
  actions,
  onSubmitted,
  children,
}: FormSectionProps) {
  const titleId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmitted();
  }

  return (
    <div className="md:grid md:grid-cols-3 md:gap-6">
      <SectionTitle id={titleId} title={title} description={description} aside={aside} />

      <div className="mt-5 md:col-span-2 md:mt-0">
        <form onSubmit={submit} aria-labelledby={titleId}>
          <div
            className={cn(
              'bg-white px-4 py-5 shadow-sm sm:p-6',
              actions ? 'sm:rounded-tl-md sm:rounded-tr-md' : 'sm:rounded-md',
            )}
          >
            <div className="grid grid-cols-6 gap-6">{children}</div>
          </div>

          {actions && (
            <div className="flex items-center justify-end gap-3 bg-gray-50 px-4 py-3 text-end shadow-sm sm:rounded-br-md sm:rounded-bl-md sm:px-6">
              {actions}
            </div>
          )}
        </form>
      </div>
    </div>
  );
}
