import { useId, type ReactNode } from 'react';
import SectionTitle from './SectionTitle';

type ActionSectionProps = {
  title: ReactNode;
  description: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
};

export default function ActionSection({ title, description, aside, children }: ActionSectionProps) {
  const titleId = useId();

  return (
    <section className="md:grid md:grid-cols-3 md:gap-6" aria-labelledby={titleId}>
      <SectionTitle id={titleId} title={title} description={description} aside={aside} />

      <div className="mt-5 md:col-span-2 md:mt-0">
        <div className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">{children}</div>
      </div>
    </section>
  );
}
