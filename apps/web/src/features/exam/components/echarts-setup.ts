/** The parts of ECharts the exam reports use; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { BarChart, RadarChart } from 'echarts/charts';
import { GridComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([BarChart, RadarChart, GridComponent, RadarComponent, TooltipComponent, CanvasRenderer]);

export { init };
export type { EChartsCoreOption } from 'echarts/core';
