/** The parts of ECharts the knowledge graph uses; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerEchartsParts([GraphChart, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
