/** The parts of ECharts the analysis charts use; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([
  BarChart,
  FunnelChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { init };
