/** The parts of ECharts the knowledge graph uses; imported lazily so the charting code is its own chunk. */
import { init, use as registerEchartsParts } from 'echarts/core';
import { GraphChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

// LabelLayout: the graph hides labels that would overlap (labelLayout.hideOverlap).
registerEchartsParts([GraphChart, LegendComponent, TooltipComponent, LabelLayout, CanvasRenderer]);

export { init };
