import { useId, type KeyboardEvent } from 'react';
import type { RoleOption } from '../../../../../server/presenters/team-presenter';
import Icon from '@/Components/Icon';
import { cn } from '@/lib/cn';

type RolePickerProps = {
  roles: RoleOption[];
  value: string;
  onChange: (role: string) => void;
  label?: string;
  /** Id of the element with the field's error message. */
  describedBy?: string;
  invalid?: boolean;
};

/**
 * Jetstream's role list: each role with its one-line description, the chosen one checked. A
 * radio group for assistive technology and keyboards (arrow keys move the choice).
 */
export default function RolePicker({ roles, value, onChange, label = 'Role', describedBy, invalid }: RolePickerProps) {
  const id = useId();

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + roles.length) % roles.length;
    onChange(roles[next].key);
    const buttons = event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('button[role="radio"]');
    buttons?.[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      className="relative z-0 mt-1 cursor-pointer rounded-lg border border-gray-200"
    >
      {roles.map((role, index) => {
        const selected = value === role.key;
        const dimmed = value !== '' && !selected;
        return (
          <button
            key={role.key}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-labelledby={`${id}-${role.key}-name`}
            aria-describedby={`${id}-${role.key}-description`}
            tabIndex={selected || (value === '' && index === 0) ? 0 : -1}
            className={cn(
              'relative inline-flex w-full px-4 py-3 text-start focus:z-10 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
              index > 0 && 'rounded-t-none border-t border-gray-200 focus:border-none',
              index === 0 && 'rounded-t-lg',
              index === roles.length - 1 && 'rounded-b-lg',
              index !== roles.length - 1 && 'rounded-b-none',
            )}
            onClick={() => onChange(role.key)}
            onKeyDown={(event) => move(event, index)}
          >
            <div className={cn(dimmed && 'opacity-50')}>
              <div className="flex items-center">
                <div id={`${id}-${role.key}-name`} className={cn('text-sm text-gray-600', selected && 'font-semibold')}>
                  {role.name}
                </div>
                {selected && <Icon name="check-circle" className="ms-2 size-5 text-green-400" />}
              </div>
              <div id={`${id}-${role.key}-description`} className="mt-2 text-start text-xs text-gray-600">
                {role.description}
              </div>
            </div>
          </button>
        );
      })}
    </div>
  );
}
