/**
 * @module features/palette/palette-open — which sheet the launcher has open. Apart from the launcher, so the
 * lazily loaded host it opens does not import the launcher back.
 */
export type PaletteOpen = 'palette' | 'shortcuts';
