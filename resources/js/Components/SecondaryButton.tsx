import type { ComponentProps } from 'react';
import Button from './Button';

export default function SecondaryButton(props: ComponentProps<'button'>) {
  return <Button {...props} variant="secondary" />;
}
