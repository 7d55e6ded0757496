// Frames of the page as it plays, sampled in the page for `ms` with requestAnimationFrame: the
// e2e suite's frame-rate report and bench/matrix-fps.mjs read them the same way.

/**
 * Samples `ms` of frames: their times, the Sudoku trace's events and the matrix view's draws
 * over them, and what follows (frames/s, the median, 95th-percentile and worst frame).
 */
export async function sampleFrames(page, ms) {
  const r = await page.evaluate((ms) => new Promise((done) => {
    const ts = [];
    const { controller, matrix } = window.dlxPage;
    const e0 = controller.traces.sudoku.events;
    const s0 = { ...matrix.stats };
    const frame = (t) => {
      ts.push(t);
      if (t - ts[0] < ms) requestAnimationFrame(frame);
      else {
        const s1 = matrix.stats;
        done({ ts, events: controller.traces.sudoku.events - e0, draws: s1.draws - s0.draws, drawMs: s1.ms - s0.ms, side: window.dlxPage.sudoku.side });
      }
    };
    requestAnimationFrame(frame);
  }), ms);
  const gaps = r.ts.slice(1).map((t, k) => t - r.ts[k]).sort((a, b) => a - b);
  const seconds = (r.ts.at(-1) - r.ts[0]) / 1000;
  return {
    side: r.side,
    seconds,
    frames: gaps.length,
    fps: gaps.length / seconds,
    median: gaps[gaps.length >> 1],
    p95: gaps[Math.floor(gaps.length * 0.95)],
    worst: gaps.at(-1),
    events: r.events,
    draws: r.draws,
    drawMs: r.draws ? r.drawMs / r.draws : 0,
  };
}
