import type { ReactNode } from 'react';

type SectionTitleProps = {
  title: ReactNode;
  description: ReactNode;
  aside?: ReactNode;
  /** Id of the heading, so the section it titles can point at it with aria-labelledby. */
  id?: string;
};

export default function SectionTitle({ title, description, aside, id }: SectionTitleProps) {
  return (
    <div className="flex justify-between md:col-span-1">
      <div className="px-4 sm:px-0">
        <h3 id={id} className="text-lg font-medium text-gray-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-gray-600">{description}</p>
      </div>
      {aside && <div className="px-4 sm:px-0">{aside}</div>}
    </div>
  );
}
