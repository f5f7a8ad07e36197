import { cn } from '@/lib/cn';
import { avatarClass, initials } from './format';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' };

/** A bot's avatar: a circle of its colour with the initials of its name (decoration: the name is beside it). */
export default function BotAvatar({
  name,
  color,
  size = 'md',
  className,
}: {
  name: string;
  color: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        sizes[size],
        avatarClass(color),
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
