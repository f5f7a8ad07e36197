import type { ComponentProps } from 'react';
import ApplicationMark from './ApplicationMark';

/** The mark with the "Kawan" wordmark beside it. Size it by height (`h-12 w-auto`). */
export default function ApplicationLogo(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 156 48"
      xmlns="http://www.w3.org/2000/svg"
      role="img"
      aria-label="Kawan"
      {...props}
    >
      <ApplicationMark
        x="0"
        y="0"
        width="48"
        height="48"
        role="presentation"
        aria-label={undefined}
      />
      <text
        x="56"
        y="33"
        fill="#111827"
        fontFamily="inherit"
        fontSize="26"
        fontWeight="700"
        letterSpacing="-0.5"
        aria-hidden="true"
      >
        Kawan
      </text>
    </svg>
  );
}
