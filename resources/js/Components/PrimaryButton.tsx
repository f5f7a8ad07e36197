import type { ComponentProps } from 'react';
import Button from './Button';

/** The main action; a submit button unless `type` says otherwise. */
export default function PrimaryButton({ type = 'submit', ...props }: ComponentProps<'button'>) {
  return <Button {...props} type={type} variant="primary" />;
}
