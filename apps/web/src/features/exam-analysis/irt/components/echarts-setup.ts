/** The parts of ECharts the IRT charts use; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
export type { EChartsCoreOption } from 'echarts/core';
