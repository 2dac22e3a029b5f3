import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';

const ROW_PX = 30;

/**
 * A widget's items as bars (Mantine charts on recharts; loaded on its own after the numbers). It
 * repeats the list below it, which is what screen readers and links use, so it is hidden from them.
 */
export default function WidgetChart({
  bars,
  seriesLabel,
}: {
  bars: { label: string; count: number }[];
  seriesLabel: string;
}) {
  return (
    <div aria-hidden="true" inert>
      <BarChart
        // A row per bar tall enough for a label that wraps to two lines ("Work complete"): capped at
        // 220 px, eleven statuses got 17 px each and their labels overlapped.
        h={40 + bars.length * ROW_PX}
        data={bars}
        dataKey="label"
        orientation="vertical"
        yAxisProps={{ width: 120, interval: 0 }}
        series={[{ name: 'count', color: 'blue.7', label: seriesLabel }]}
        withTooltip={false}
        barChartProps={{ accessibilityLayer: false }}
        gridAxis="none"
      />
    </div>
  );
}
