/**
 * @module storage/sharp — sharp, loaded at the first image transformation: libvips and its threads cost
 * the idle stack memory that most projects never use (measured in decision 173).
 */
import { lazy } from '../util/lazy.ts';

export const loadSharp = lazy(async () => (await import('sharp')).default);
