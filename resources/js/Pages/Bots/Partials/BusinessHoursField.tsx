import { useMemo } from 'react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import TextInput from '@/Components/TextInput';
import Toggle from '@/Components/Toggle';
import { plural } from '@/lib/plural';
import { timezoneLabels, timezones, weekdayOrder, type ConfigForm, type DayForm } from './bot-form';
import { weekdayLabels } from './format';
import type { Weekday } from './types';

type BusinessHours = ConfigForm['handoff']['businessHours'];

type BusinessHoursFieldProps = {
  value: BusinessHours;
  onChange: (update: (hours: BusinessHours) => BusinessHours) => void;
  error: (path: string) => string | undefined;
  disabled: boolean;
  className?: string;
};

const path = 'handoff.businessHours';

/**
 * When people can take a conversation over: off (any time), or one opening interval per weekday
 * in a time zone. A closing time of 00:00 is midnight at the end of the day.
 */
export default function BusinessHoursField({ value, onChange, error, disabled, className }: BusinessHoursFieldProps) {
  const zones = useMemo(() => timezones(value.timezone), [value.timezone]);
  const setDay = (day: Weekday, change: Partial<DayForm>) =>
    onChange((hours) => ({ ...hours, days: { ...hours.days, [day]: { ...hours.days[day], ...change } } }));
  const timezoneError = error(`${path}.timezone`);

  return (
    <div className={className}>
      <Toggle
        className="text-start"
        label="People answer only during business hours"
        checked={value.enabled}
        disabled={disabled}
        onChange={(enabled) => onChange((hours) => ({ ...hours, enabled }))}
      />
      {!value.enabled ? (
        <p className="mt-1 text-xs text-gray-500">Off: a handoff says the handoff message at any time.</p>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="sm:max-w-xs">
            <InputLabel htmlFor="bot-timezone" value="Time zone" />
            <Select
              id="bot-timezone"
              className="mt-1 block w-full"
              value={value.timezone}
              disabled={disabled}
              onChange={(event) => {
                const timezone = event.target.value;
                onChange((hours) => ({ ...hours, timezone }));
              }}
              aria-invalid={timezoneError ? true : undefined}
              aria-describedby="bot-timezone-error"
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {timezoneLabels[zone] ?? zone}
                </option>
              ))}
            </Select>
            <InputError id="bot-timezone-error" className="mt-2" message={timezoneError} />
          </div>

          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-gray-700">Opening hours</legend>
            <p className="mt-1 text-xs text-gray-500">A closing time of 00:00 means midnight.</p>
            <ul className="mt-2 divide-y divide-gray-100">
              {weekdayOrder.map((day) => {
                const hours = value.days[day];
                const label = weekdayLabels[day];
                const dayError = error(`${path}.days.${day}`);
                return (
                  <li key={day} className="py-2">
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                      <label className="flex w-32 items-center gap-2 text-sm text-gray-700">
                        <Checkbox
                          checked={hours.open}
                          disabled={disabled}
                          onChange={(event) => setDay(day, { open: event.target.checked })}
                        />
                        {label}
                      </label>
                      {hours.open ? (
                        <div className="flex flex-wrap items-center gap-2 text-sm text-gray-500">
                          <TextInput
                            type="time"
                            className="block w-36 py-1"
                            value={hours.from}
                            disabled={disabled}
                            onChange={(event) => setDay(day, { from: event.target.value })}
                            aria-label={`${label} opens at`}
                            aria-invalid={dayError ? true : undefined}
                          />
                          <span aria-hidden="true">to</span>
                          <TextInput
                            type="time"
                            className="block w-36 py-1"
                            value={hours.to}
                            disabled={disabled}
                            onChange={(event) => setDay(day, { to: event.target.value })}
                            aria-label={`${label} closes at`}
                            aria-invalid={dayError ? true : undefined}
                          />
                          {hours.extra.length > 0 && (
                            <span
                              className="text-xs"
                              title={hours.extra.map(([from, to]) => `${from}–${to}`).join(', ')}
                            >
                              +{plural(hours.extra.length, 'more interval')}
                            </span>
                          )}
                        </div>
                      ) : (
                        <span className="text-sm text-gray-400">Closed</span>
                      )}
                    </div>
                    <InputError className="mt-1" message={dayError} />
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </div>
      )}
    </div>
  );
}
