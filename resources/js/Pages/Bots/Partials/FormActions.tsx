import ActionMessage from '@/Components/ActionMessage';
import PrimaryButton from '@/Components/PrimaryButton';
import type { sections } from './bot-form';

type FormActionsProps = {
  processing: boolean;
  saved: boolean;
  /** After a failed save from this section: the sections whose fields have messages. */
  problems: ReadonlyArray<(typeof sections)[number]>;
};

/** A section's footer: where the save failed (any section's fields), "Saved.", and Save. */
export default function FormActions({ processing, saved, problems }: FormActionsProps) {
  return (
    <>
      {problems.length > 0 && (
        <p className="me-auto text-start text-sm text-red-600" role="alert">
          Not saved: check{' '}
          {problems.map((section, index) => (
            <span key={section.id}>
              {index > 0 && (index === problems.length - 1 ? ' and ' : ', ')}
              <a href={`#${section.id}`} className="font-medium underline">
                {section.title}
              </a>
            </span>
          ))}
          .
        </p>
      )}
      <ActionMessage on={saved} className="me-3">
        Saved.
      </ActionMessage>
      <PrimaryButton className={processing ? 'opacity-25' : undefined} disabled={processing}>
        Save
      </PrimaryButton>
    </>
  );
}
