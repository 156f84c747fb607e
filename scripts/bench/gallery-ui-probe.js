// Runs inside the gallery page for scripts/bench/gallery-ui.ts (Playwright's addInitScript, before
// the page's own scripts), so every time is read from the page's clock (navigation start = 0) and
// never includes the round trip to the driving process. Plain JavaScript on purpose: tsx would wrap
// named functions in a `__name` helper that does not exist in the browser.
(() => {
  const CARD = '[data-testid="gallery-card"]';
  const state = {
    firstTile: null,
    firstImage: null,
    longTasks: [],
    frames: null,
    action: null,
    changed: null,
  };
  window.__galleryBench = state;
  // A page that loads thousands of thumbnails would overflow the default 250 entries.
  performance.setResourceTimingBufferSize(100_000);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long task timing in this browser: the report says 0
  }

  const onScreen = (element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight;
  };
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  // Just after the frame whose callbacks ran has been painted: a task queued from rAF runs after it.
  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      }),
    );

  // Time to first grid: the first tile on screen, and the first tile's image decoded.
  const watchFirst = () => {
    if (state.firstTile === null) {
      const card = document.querySelector(CARD);
      if (card && onScreen(card)) state.firstTile = performance.now();
    }
    if (state.firstImage === null) {
      const image = document.querySelector(`${CARD} img`);
      if (image && image.complete && image.naturalWidth > 0 && onScreen(image))
        state.firstImage = performance.now();
    }
    if (state.firstTile === null || state.firstImage === null) requestAnimationFrame(watchFirst);
  };
  requestAnimationFrame(watchFirst);

  /** Frame lengths (rAF to rAF) while `on` is set. */
  const recordFrames = () => {
    state.frames = [];
    let last = null;
    const tick = (now) => {
      if (!state.frames) return;
      if (last !== null) state.frames.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  /**
   * Whether the rows the virtualizer rendered cover the viewport's part of the grid: no band of the
   * screen taller than a row gap is left without a row. Rows are rendered with their tiles in one
   * commit, so covered rows mean due tiles.
   */
  const covered = (grid) => {
    const sizer = grid.firstElementChild;
    const area = sizer.getBoundingClientRect();
    const top = Math.max(0, area.top);
    const bottom = Math.min(innerHeight, area.bottom);
    if (bottom <= top) return true;
    const rows = [...sizer.children]
      .map((row) => row.getBoundingClientRect())
      .filter((rect) => rect.bottom > top && rect.top < bottom && rect.height > 0)
      .sort((a, b) => a.top - b.top);
    let reached = top;
    for (const rect of rows) {
      if (rect.top > reached + 16) return false;
      reached = Math.max(reached, rect.bottom);
    }
    return reached + 16 >= bottom;
  };

  /**
   * Scrolls down one viewport at a time until tile `index` exists. Each step: from the scroll until
   * the frame that shows the newly due tiles has been painted. When the loaded items end above the
   * new position (the next page is still loading) the step waits for it, as a user would.
   */
  state.scrollUntil = async (index, timeoutMs) => {
    const grid = document.querySelector('[data-testid="gallery-grid"]');
    const steps = [];
    const startedAt = performance.now();
    recordFrames();
    const firstTask = state.longTasks.length;
    while (!grid.querySelector(`[data-index="${index}"]`)) {
      if (performance.now() - startedAt > timeoutMs) throw new Error(`tile ${index} not reached in time`);
      const target = scrollY + innerHeight;
      const t0 = performance.now();
      scrollTo(0, target);
      let waitedForPage = false;
      for (;;) {
        await nextFrame();
        if (scrollY < target - 1) {
          // The grid ends above the target: its next page is on its way.
          waitedForPage = true;
          scrollTo(0, target);
          if (performance.now() - t0 > 30_000) throw new Error("a scroll step took over 30 s");
          continue;
        }
        if (covered(grid)) break;
      }
      steps.push({ ms: (await afterPaint()) - t0, waitedForPage });
    }
    const frames = state.frames;
    state.frames = null;
    const cards = grid.querySelectorAll(CARD).length;
    return {
      steps,
      frames,
      longTasks: state.longTasks.slice(firstTask),
      domNodes: document.getElementsByTagName("*").length,
      cards,
      scrollY,
    };
  };

  /**
   * Arms a watch for the grid a filter change brings: times from the next input or change event in
   * the page (the user's action) until tiles 0…n-1 are new elements showing `expectedIds`, painted.
   */
  state.armGridChange = (expectedIds) => {
    const before = document.querySelector(`${CARD}[data-index="0"]`);
    state.action = null;
    state.changed = null;
    const onAction = () => {
      if (state.action === null) state.action = performance.now();
    };
    document.addEventListener("input", onAction, true);
    document.addEventListener("change", onAction, true);
    const check = async () => {
      const tiles = expectedIds.map((_, i) => document.querySelector(`${CARD}[data-index="${i}"]`));
      const shown =
        state.action !== null &&
        tiles[0] !== before &&
        tiles.every((tile, i) => tile && tile.dataset.itemId === expectedIds[i]);
      if (!shown) return void requestAnimationFrame(check);
      document.removeEventListener("input", onAction, true);
      document.removeEventListener("change", onAction, true);
      state.changed = (await afterPaint()) - state.action;
    };
    requestAnimationFrame(check);
  };
})();
