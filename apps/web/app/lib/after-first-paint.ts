/**
 * @module lib/after-first-paint — runs browser work (a live connection's Supabase code) once the page has loaded
 * and the browser is idle, so it is parsed and run after the server-rendered page is on screen, not in
 * competition with it (decision 132).
 */
export function afterFirstPaint(task: () => void) {
  const whenIdle = () =>
    window.requestIdleCallback ? window.requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 1);
  // A frame callback, then a task: by then the frame holding the server-rendered page has been painted.
  const idle = () => requestAnimationFrame(() => setTimeout(whenIdle, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
