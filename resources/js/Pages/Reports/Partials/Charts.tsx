import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import { formatDay, formatNumber, formatPercent } from './format';
import { handoffReasonLabel, type ReportSummary } from './types';

/**
 * The Reports page's canvas charts (chart.js through react-chartjs-2). Only this module imports
 * them, and the page loads it lazily: no other page, and not the page's first paint, carries them.
 * Each chart is an image to assistive technology; the page puts the same figures beside it in a
 * visually hidden table.
 */
ChartJS.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);
ChartJS.defaults.font.family = getComputedStyleFont();
ChartJS.defaults.color = '#6b7280';

function getComputedStyleFont(): string {
  if (typeof document === 'undefined') return 'ui-sans-serif, system-ui, sans-serif';
  return getComputedStyle(document.body).fontFamily || 'ui-sans-serif, system-ui, sans-serif';
}

const indigo = '#6366f1';
const emerald = '#059669';
const grid = '#f3f4f6';

type ChartProps = { label: string };

/** Conversations per day (bars) and the day's auto-resolution rate (line, right axis). */
export function ConversationsChart({ series, label }: ChartProps & { series: ReportSummary['series'] }) {
  const long = series.length > 62;
  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: series.map((day) => formatDay(day.day, false)),
    datasets: [
      {
        type: 'bar',
        label: 'Conversations',
        data: series.map((day) => day.conversations),
        backgroundColor: indigo,
        borderRadius: 3,
        maxBarThickness: 28,
        yAxisID: 'y',
        order: 2,
      },
      {
        type: 'line',
        label: 'Auto-resolution rate',
        data: series.map((day) => (day.auto_resolution_rate === null ? null : day.auto_resolution_rate * 100)),
        borderColor: emerald,
        backgroundColor: emerald,
        borderWidth: 2,
        pointRadius: long ? 0 : 2.5,
        tension: 0.3,
        spanGaps: true,
        yAxisID: 'rate',
        order: 1,
      },
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12, usePointStyle: false } },
      tooltip: {
        callbacks: {
          label: (item) =>
            item.dataset.yAxisID === 'rate'
              ? `Auto-resolution: ${item.raw === null ? '—' : formatPercent((item.raw as number) / 100)}`
              : `Conversations: ${formatNumber(item.raw as number)}`,
        },
      },
    },
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
      y: {
        beginAtZero: true,
        grid: { color: grid },
        ticks: { precision: 0 },
        title: { display: true, text: 'Conversations' },
      },
      rate: {
        position: 'right',
        min: 0,
        max: 100,
        grid: { display: false },
        ticks: { callback: (value) => `${value}%` },
        title: { display: true, text: 'Auto-resolution' },
      },
    },
  };
  return (
    <Chart
      type="bar"
      data={data as ChartData<'bar'>}
      options={options as ChartOptions<'bar'>}
      role="img"
      aria-label={label}
    />
  );
}

/** Handed-over conversations by their first handoff's reason, as horizontal bars. */
export function HandoffReasonsChart({ reasons, label }: ChartProps & { reasons: ReportSummary['handoff_reasons'] }) {
  const data: ChartData<'bar', number[], string> = {
    labels: reasons.map((row) => handoffReasonLabel(row.reason)),
    datasets: [
      {
        label: 'Conversations',
        data: reasons.map((row) => row.count),
        backgroundColor: '#f59e0b',
        borderRadius: 3,
        maxBarThickness: 24,
      },
    ],
  };
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => `${formatNumber(item.raw as number)} conversations` } },
    },
    scales: {
      x: { beginAtZero: true, grid: { color: grid }, ticks: { precision: 0 } },
      y: { grid: { display: false } },
    },
  };
  return <Chart type="bar" data={data} options={options} role="img" aria-label={label} />;
}
