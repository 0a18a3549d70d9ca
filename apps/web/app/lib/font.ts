/**
 * @module lib/font — the self-hosted Inter variable font (decision 195): its latin file, served by the app's own
 * origin as a Vite asset (the CSP's font-src 'self'), the @font-face that uses it and a metric-matched fallback,
 * so text paints at once in the fallback (font-display: swap) and does not move when Inter arrives.
 */
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

/** The one font file the first paint uses; the root preloads it. */
export const interLatinUrl = interLatin;

// Only the latin subset: other scripts fall through to the system fonts in --font rather than fetching more.
// The fallback face stretches the local Arial to Inter's width and line metrics, so the swap shifts nothing.
export const fontCss = `@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${interLatin}) format("woff2-variations"),url(${interLatin}) format("woff2");unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}
@font-face{font-family:"Inter Fallback";src:local("Arial"),local("Liberation Sans"),local("Helvetica");size-adjust:107.4%;ascent-override:90.2%;descent-override:22.48%;line-gap-override:0%}`;
