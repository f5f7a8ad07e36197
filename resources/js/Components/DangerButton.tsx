import type { ComponentProps } from 'react';
import Button from './Button';

export default function DangerButton(props: ComponentProps<'button'>) {
  return <Button {...props} variant="danger" />;
}
