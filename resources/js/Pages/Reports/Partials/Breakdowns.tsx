import Panel from './Panel';
import DataTable, { type Column } from './DataTable';
import { formatCompact, formatDecimal, formatNumber, formatPercent, formatUsd } from './format';
import { exportUrl } from './report-query';
import { channelTypeLabels, type BreakdownRow, type ReportFilters, type ReportSummary } from './types';

const outcomeColumns: Column<BreakdownRow>[] = [
  { label: 'Conversations', numeric: true, cell: (row) => formatNumber(row.conversations) },
  { label: 'AI replies', numeric: true, cell: (row) => formatNumber(row.ai_replies) },
  { label: 'Human replies', numeric: true, cell: (row) => formatNumber(row.human_replies) },
  { label: 'Auto-resolved', numeric: true, cell: (row) => formatPercent(row.auto_resolution_rate) },
  { label: 'Handoffs', numeric: true, cell: (row) => formatPercent(row.handoff_rate) },
  { label: 'CSAT', numeric: true, cell: (row) => formatDecimal(row.csat_average) },
  { label: 'Tokens', numeric: true, cell: (row) => formatCompact(row.prompt_tokens + row.completion_tokens) },
  { label: 'Cost', numeric: true, cell: (row) => formatUsd(row.cost_usd) },
];

type Props = { summary: ReportSummary; filters: ReportFilters };

export function BotTable({ summary, filters }: Props) {
  const columns: Column<BreakdownRow>[] = [
    { label: 'Bot', cell: (row) => <span className="block min-w-32">{row.name}</span> },
    ...outcomeColumns,
  ];
  return (
    <Panel title="By bot" exportHref={exportUrl('bots', filters)}>
      <DataTable
        label="Figures by bot"
        columns={columns}
        rows={summary.by_bot as BreakdownRow[]}
        rowKey={(row) => row.id ?? 'none'}
        empty="No bot activity in these days."
      />
    </Panel>
  );
}

export function ChannelTable({ summary, filters }: Props) {
  const columns: Column<BreakdownRow>[] = [
    {
      label: 'Channel',
      cell: (row) => (
        <>
          <span className="block min-w-32">{row.name}</span>
          {row.type && (
            <span className="block text-xs font-normal text-gray-500">{channelTypeLabels[row.type] ?? row.type}</span>
          )}
        </>
      ),
    },
    { label: 'Inbound', numeric: true, cell: (row) => formatNumber(row.inbound_messages) },
    ...outcomeColumns,
  ];
  return (
    <Panel title="By channel" exportHref={exportUrl('channels', filters)}>
      <DataTable
        label="Figures by channel"
        columns={columns}
        rows={summary.by_channel as BreakdownRow[]}
        rowKey={(row) => row.id ?? 'none'}
        empty="No channel activity in these days."
      />
    </Panel>
  );
}

type ModelRow = ReportSummary['by_model'][number];

export function ModelTable({ summary, filters }: Props) {
  const columns: Column<ModelRow>[] = [
    {
      label: 'Model',
      cell: (row) =>
        row.model === null ? (
          <span className="text-gray-600" title="Curated answers, handoffs and fallbacks before a model was asked">
            No model
          </span>
        ) : (
          <span className="font-mono text-xs">{row.model}</span>
        ),
    },
    { label: 'Replies', numeric: true, cell: (row) => formatNumber(row.replies) },
    { label: 'Prompt tokens', numeric: true, cell: (row) => formatNumber(row.prompt_tokens) },
    { label: 'Completion tokens', numeric: true, cell: (row) => formatNumber(row.completion_tokens) },
    { label: 'Cost', numeric: true, cell: (row) => formatUsd(row.cost_usd) },
  ];
  return (
    <Panel
      title="By model"
      description="Bot replies by the model that wrote them, with their estimated cost."
      exportHref={exportUrl('models', filters)}
    >
      <DataTable
        label="Figures by model"
        columns={columns}
        rows={summary.by_model}
        rowKey={(row) => row.model ?? 'none'}
        empty="No bot replies in these days."
      />
    </Panel>
  );
}
