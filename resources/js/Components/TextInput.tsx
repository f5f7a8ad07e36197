import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  type ComponentPropsWithoutRef,
} from 'react';
import { cn } from '@/lib/cn';

type TextInputProps = ComponentPropsWithoutRef<'input'> & {
  /** Focus the input when it mounts, or whenever this turns true. */
  isFocused?: boolean;
};

const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { type = 'text', isFocused = false, className, ...props },
  ref,
) {
  const input = useRef<HTMLInputElement>(null);

  useImperativeHandle(ref, () => input.current as HTMLInputElement, []);

  useEffect(() => {
    if (isFocused) input.current?.focus();
  }, [isFocused]);

  return (
    <input
      {...props}
      ref={input}
      type={type}
      className={cn(
        'rounded-md border-gray-300 shadow-xs focus:border-indigo-500 focus:ring-indigo-500 disabled:bg-gray-50 disabled:text-gray-500',
        className,
      )}
    />
  );
});

export default TextInput;
