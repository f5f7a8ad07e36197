import type { ComponentProps } from 'react';

/** Kawan's mark: a friendly face in an indigo speech bubble. Size it with a class (`size-9`). */
export default function ApplicationMark(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 48 48"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label="Kawan"
      {...props}
    >
      <path
        d="M11 6h26a7 7 0 0 1 7 7v17a7 7 0 0 1-7 7H23l-9 7.5V37h-3a7 7 0 0 1-7-7V13a7 7 0 0 1 7-7Z"
        fill="#4F46E5"
      />
      <circle cx="18" cy="19" r="3" fill="#FFFFFF" />
      <circle cx="30" cy="19" r="3" fill="#FFFFFF" />
      <path
        d="M17 26.5c1.8 2 4.2 3 7 3s5.2-1 7-3"
        fill="none"
        stroke="#C7D2FE"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
