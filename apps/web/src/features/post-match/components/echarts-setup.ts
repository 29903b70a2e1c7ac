/** The parts of ECharts the matching pages use (radar, heat map); imported lazily as their own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { HeatmapChart, RadarChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([
  HeatmapChart,
  RadarChart,
  GridComponent,
  LegendComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { init };
export type { EChartsCoreOption } from 'echarts/core';
