import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';

/**
 * A widget's items as bars (Mantine charts on recharts; loaded on its own after the numbers). It
 * repeats the list below it, which is what screen readers and links use, so it is hidden from them.
 */
export default function WidgetChart({
  bars,
  seriesLabel,
  height,
}: {
  bars: { label: string; count: number }[];
  seriesLabel: string;
  /** chartHeightPx of the bars: the card holds this space while this code loads. */
  height: number;
}) {
  return (
    <div aria-hidden="true" inert>
      <BarChart
        h={height}
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
