import type { Locator } from 'playwright-core';

/**
 * The month labels under a chart.js bar chart of twelve months (the control panel's statistics, the admin's
 * dashboard), as its canvas shows them: below the x axis (the lowest row its faint grid colour crosses) and its 8 px
 * tick marks, the columns holding chart.js's grey text, in runs parted by more than 6 px of clear canvas (one run a
 * label: a space between words is narrower); and the plot's twelve bar slots.
 */
export function monthLabels(chart: Locator) {
  return chart.evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const { width, height } = canvas;
    const px = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const rgba = (x: number, y: number) => px.subarray((y * width + x) * 4, (y * width + x) * 4 + 4);
    // chart.js writes its labels in #666 and draws its grid and axis in black at 10% opacity.
    const isText = (x: number, y: number) => {
      const [r, g, b, a] = rgba(x, y);
      return a > 96 && Math.max(r, g, b) - Math.min(r, g, b) < 16 && r < 170;
    };
    const isLine = (x: number, y: number) => {
      const [r, g, b, a] = rgba(x, y);
      return a > 0 && a < 80 && r + g + b < 40;
    };
    const columns = [...Array(width).keys()];
    let axis = height - 1;
    while (axis > 0 && columns.filter((x) => isLine(x, axis)).length < width / 2) axis--;
    // The plot runs from the first of the grid's upright lines (down the 100 rows above the axis) to the axis's end.
    const left = columns.find((x) => [...Array(100).keys()].every((dy) => isLine(x, axis - 1 - dy)))!;
    const right = columns.filter((x) => isLine(x, axis)).pop()! + 1;
    const runs: [number, number][] = [];
    for (const x of columns) {
      let ink = false;
      for (let y = axis + 9; y < height && !ink; y++) ink = isText(x, y);
      if (!ink) continue;
      const last = runs[runs.length - 1];
      if (last && x - last[1] <= 7) last[1] = x;
      else runs.push([x, x]);
    }
    return { width, slot: (right - left) / 12, left, runs };
  });
}
