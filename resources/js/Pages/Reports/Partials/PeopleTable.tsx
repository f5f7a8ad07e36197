import Panel from './Panel';
import DataTable, { type Column } from './DataTable';
import { formatDecimal, formatDuration, formatNumber } from './format';
import { exportUrl } from './report-query';
import type { ReportFilters, ReportsIndexProps } from './types';

type Person = ReportsIndexProps['people'][number];

/** A median with its 90th percentile under it, or a dash when nothing was measured. */
function Durations({ times }: { times: Person['first_response'] }) {
  if (times.count === 0) return <>—</>;
  return (
    <>
      {formatDuration(times.median)}
      <span className="block text-xs font-normal text-gray-500">90%: {formatDuration(times.p90)}</span>
    </>
  );
}

const columns: Column<Person>[] = [
  {
    label: 'Person',
    cell: (person) => (
      <span className="block min-w-32">
        {person.name}
        {person.former && <span className="block text-xs font-normal text-gray-500">Left the team</span>}
      </span>
    ),
  },
  { label: 'Taken', numeric: true, cell: (person) => formatNumber(person.taken) },
  {
    label: 'Replies',
    numeric: true,
    cell: (person) => (
      <>
        {formatNumber(person.replies)}
        {person.conversations_replied > 0 && (
          <span className="block text-xs font-normal text-gray-500">
            in {formatNumber(person.conversations_replied)}
          </span>
        )}
      </>
    ),
  },
  { label: 'First response', numeric: true, cell: (person) => <Durations times={person.first_response} /> },
  { label: 'Resolved', numeric: true, cell: (person) => formatNumber(person.resolved) },
  {
    label: 'Rating',
    numeric: true,
    cell: (person) =>
      person.csat_count === 0 ? (
        '—'
      ) : (
        <>
          {formatDecimal(person.csat_average)}
          <span className="block text-xs font-normal text-gray-500">
            {formatNumber(person.csat_count)} {person.csat_count === 1 ? 'rating' : 'ratings'}
          </span>
        </>
      ),
  },
];

/**
 * "By person": what each teammate who answers conversations did in the window (the server's
 * server/reports/people.ts says how each figure is counted). An agent sees their own row.
 */
export function PeopleTable({ people, filters }: { people: Person[]; filters: ReportFilters }) {
  return (
    <Panel
      title="By person"
      description="Conversations each teammate took over or was given, their replies to customers, how soon their first reply came after a handoff (median, and 90% within), what they resolved and how customers rated their conversations."
      exportHref={exportUrl('people', filters)}
    >
      <DataTable
        label="Figures by person"
        columns={columns}
        rows={people}
        rowKey={(person) => person.id}
        empty="Nobody on the team answers conversations yet."
      />
    </Panel>
  );
}
