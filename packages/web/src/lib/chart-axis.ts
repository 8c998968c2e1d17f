/**
 * Axis sizes for the recharts bar and line charts, so that tick labels are never clipped nor drawn
 * over each other (docs/accessibility.md, "Charts"). Recharts gives a Y axis a fixed width (60 px by
 * default, less where a chart set it) and cuts what does not fit: "1,400" drawn in 32 px shows as
 * "400". These helpers measure the labels as text of the charts' 12 px sans-serif font.
 */

/** Average advance of one character of the charts' 12 px tick font, in px (digits and lower case). */
const CHAR_PX = 7.2;
/** The room recharts leaves between a Y tick label and its axis line (tick size 6 + gap), in px. */
const TICK_GAP_PX = 14;

/**
 * The width, in px, a Y axis needs for its tick labels. `values` are the plotted values; the axis
 * rounds its top tick up to a "nice" number, so the labels measured are those of 0, the largest
 * value and the next power-of-ten step above it (1,380 -> 2,000), each through `format` (the same
 * formatter as the axis's `tickFormatter`). Never less than `min` (28 px).
 */
export function yAxisWidth(values: number[], format: (v: number) => string, min = 28): number {
  const finite = values.filter((v) => Number.isFinite(v));
  const top = finite.length ? Math.max(...finite.map(Math.abs)) : 0;
  const step = top > 0 ? 10 ** Math.floor(Math.log10(top)) : 1;
  const candidates = [0, top, Math.ceil(top / step) * step, Math.ceil(top / step) * step + step];
  if (finite.some((v) => v < 0)) {candidates.push(-candidates[3]!);}
  const longest = Math.max(...candidates.map((v) => format(v).length));
  return Math.max(min, Math.ceil(longest * CHAR_PX + TICK_GAP_PX));
}

/** How an X axis draws its category labels: straight when they fit, else slanted and shortened. */
export interface XAxisLayout {
  /** Degrees to turn each label (0 or -40). */
  angle: number;
  /** `textAnchor` of a label: "middle" when straight, "end" when slanted (the label ends at its tick). */
  textAnchor: 'middle' | 'end';
  /** Height of the axis band, in px, for the labels as drawn. */
  height: number;
  /** The label as drawn: cut to `maxChars` with an ellipsis (the tooltip keeps the whole name). */
  label: (name: string) => string;
  /**
   * How far, in px, the first slanted label reaches left of its tick: the chart's left margin plus
   * the Y axis width must be at least this minus half a band, or the label is cut at the edge.
   */
  reach: number;
}

/**
 * The X axis layout for `labels` on a chart about `widthPx` wide (the smallest width it is shown
 * at). Labels are straight when each fits its band (width / count); else they are turned by 40°,
 * cut to `maxChars` (18) characters, and the axis is made tall enough for the longest one.
 */
export function xAxisLayout(labels: string[], widthPx: number, maxChars = 18): XAxisLayout {
  const cut = (name: string) => (name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name);
  const longest = Math.max(0, ...labels.map((l) => cut(l).length));
  const band = labels.length ? widthPx / labels.length : widthPx;
  if (longest * CHAR_PX + 8 <= band) { return { angle: 0, textAnchor: 'middle', height: 30, label: cut, reach: 0 }; }
  // A label turned by 40° drops sin(40°) of its length below the axis and reaches cos(40°) of it to the left.
  const rad = (40 * Math.PI) / 180;
  return { angle: -40, textAnchor: 'end', height: Math.ceil(longest * CHAR_PX * Math.sin(rad) + 16), label: cut, reach: Math.ceil(longest * CHAR_PX * Math.cos(rad)) };
}

/**
 * The left margin, in px, a bar chart needs so that its first slanted X label is not cut: the
 * label's `reach` less the Y axis width and half a category band (the first tick's distance from
 * the chart's left edge). 0 for straight labels.
 */
export function leftMarginFor(layout: XAxisLayout, yWidth: number, bandPx: number): number {
  return Math.max(0, Math.ceil(layout.reach - yWidth - bandPx / 2 + 4));
}
