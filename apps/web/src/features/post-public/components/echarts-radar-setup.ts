/** The parts of ECharts the portrait's radar uses; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { RadarChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([RadarChart, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
