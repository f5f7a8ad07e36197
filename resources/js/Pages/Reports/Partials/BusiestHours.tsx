import { cn } from '@/lib/cn';
import Panel from './Panel';
import { formatNumber } from './format';
import { exportUrl } from './report-query';
import type { ReportFilters } from './types';

const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hours = Array.from({ length: 24 }, (_, hour) => hour);
/** Five shades from "a few" to "the busiest hour"; an empty hour stays grey. */
const shades = ['bg-indigo-100', 'bg-indigo-200', 'bg-indigo-400', 'bg-indigo-600', 'bg-indigo-800'];

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The shade of a count against the busiest hour's. */
export function shadeOf(count: number, max: number): string {
  if (count <= 0 || max <= 0) return 'bg-gray-100';
  return shades[Math.min(shades.length - 1, Math.floor((count / max) * shades.length))];
}

type Props = {
  /** 7 × 24 inbound messages, Monday first, hours of the team's time zone. */
  heatmap: number[][];
  timezone: string;
  filters: ReportFilters;
};

/**
 * When customers write: inbound messages by weekday and hour as a grid of shaded cells. A plain
 * table, so that a screen reader reads the figures cell by cell.
 */
export default function BusiestHours({ heatmap, timezone, filters }: Props) {
  const max = Math.max(0, ...heatmap.flat());
  return (
    <Panel
      title="Busiest hours"
      description={`Messages customers sent, by day of the week and hour (${timezone}).`}
      exportHref={exportUrl('hours', filters)}
    >
      <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <table className="w-full min-w-[36rem] table-fixed border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">Inbound messages by day of the week and hour</caption>
          <colgroup>
            <col className="w-10" />
          </colgroup>
          <thead>
            <tr>
              <td />
              {hours.map((hour) => (
                <th key={hour} scope="col" className="pb-1 text-center font-normal text-gray-500">
                  <span aria-hidden="true">{hour % 3 === 0 ? String(hour).padStart(2, '0') : ''}</span>
                  <span className="sr-only">{hourLabel(hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.map((row, day) => (
              <tr key={days[day]}>
                <th scope="row" className="pe-2 text-start font-normal text-gray-500">
                  <span aria-hidden="true">{days[day].slice(0, 3)}</span>
                  <span className="sr-only">{days[day]}</span>
                </th>
                {row.map((count, hour) => (
                  <td
                    key={hour}
                    className={cn('h-6 rounded-sm', shadeOf(count, max))}
                    title={`${days[day]} ${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}: ${formatNumber(count)} ${count === 1 ? 'message' : 'messages'}`}
                  >
                    <span className="sr-only">{formatNumber(count)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex items-center justify-end gap-1.5 text-xs text-gray-500" aria-hidden="true">
        <span>Fewer</span>
        {['bg-gray-100', ...shades].map((shade) => (
          <span key={shade} className={cn('size-3 rounded-sm', shade)} />
        ))}
        <span>More</span>
      </div>
    </Panel>
  );
}
