/** The parts of ECharts the psychological group view uses; imported lazily as its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
