/**
 * @module components/logo-mark — the Lanes mark: three lanes of cards on the accent square, inline SVG so it
 * costs no request and takes the theme's colours (decision 195).
 */
export function LogoMark() {
  return (
    <svg
      className="brand-mark"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="24" height="24" rx="6" fill="var(--accent)" />
      <rect x="5" y="5" width="3.5" height="14" rx="1.5" fill="var(--on-accent)" />
      <rect x="10.25" y="5" width="3.5" height="9" rx="1.5" fill="var(--on-accent)" />
      <rect x="15.5" y="5" width="3.5" height="11.5" rx="1.5" fill="var(--on-accent)" />
    </svg>
  );
}
